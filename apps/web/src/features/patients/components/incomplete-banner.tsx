import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown on a patient registered quickly until the full form is saved, with the way to that form. */
export function IncompleteBanner({ patientId, canWrite }: { patientId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={t('patients.details.incompleteTitle')} data-testid="patient-incomplete-banner">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>{t('patients.details.incompleteBody')}</Text>
        {canWrite && (
          <Button component={Link} to={`/patients/edit/${patientId}`} color="orange" size="sm" leftSection={<IconEdit size={16} />} data-testid="patient-complete-record">
            {t('patients.details.completeRecord')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
