import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Shown above an edit form whose save was refused because someone else changed the record meanwhile: the form keeps
 * the user's input; reloading takes the latest record (and starts the form again from it).
 */
export function StaleRecordAlert({ stale, reloading, onReload }: { stale: boolean; reloading?: boolean; onReload: () => void }) {
  const { t } = useTranslation();
  if (!stale) return null;
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="stale-record">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('errors.staleRecord')}</Text>
        <Button size="xs" variant="light" color="orange" leftSection={<IconRefresh size={14} />} loading={reloading} onClick={onReload}>
          {t('common.actions.reloadRecord')}
        </Button>
      </Group>
    </Alert>
  );
}
