import { Alert, Badge, Button, Group, Text, type BadgeProps } from '@mantine/core';
import { IconEdit, IconGitMerge, IconWorldWww } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Marks a patient who registered on the public booking page. */
export function SelfRegisteredBadge({ size = 'sm' }: { size?: BadgeProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Badge size={size} color="grape" variant="light" tt="none" leftSection={<IconWorldWww size={12} />} style={{ flexShrink: 0 }} data-testid="patient-self-registered">
      {t('patients.list.selfRegisteredBadge')}
    </Badge>
  );
}

/** On the record of a self-registered patient: complete the record, or merge it with the patient's existing one. */
export function SelfRegisteredBanner({ patientId, canWrite, onMerge }: { patientId: string; canWrite: boolean; onMerge: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="grape" variant="light" icon={<IconWorldWww size={20} />} title={t('patients.details.selfRegisteredTitle')} data-testid="patient-self-registered-banner">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>{t('patients.details.selfRegisteredBody')}</Text>
        {canWrite && (
          <Group gap="xs">
            <Button component={Link} to={`/patients/edit/${patientId}`} color="grape" variant="light" size="sm" leftSection={<IconEdit size={16} />}>
              {t('patients.details.completeRecord')}
            </Button>
            <Button color="grape" size="sm" leftSection={<IconGitMerge size={16} />} onClick={onMerge} data-testid="patient-self-registered-merge">
              {t('patients.merge.action')}
            </Button>
          </Group>
        )}
      </Group>
    </Alert>
  );
}
