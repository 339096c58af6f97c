import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown once (after a creation or a rotation), with a copy button. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.secretTitle')} size="lg">
      <Stack gap="md">
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>{t('webhooks.secretOnce')}</Alert>
        <Code block dir="ltr" data-testid="webhook-secret">{secret}</Code>
        <Text size="sm" c="dimmed">{t('webhooks.secretHow')}</Text>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => <Button variant="light" onClick={copy}>{t(copied ? 'webhooks.copied' : 'webhooks.copy')}</Button>}
          </CopyButton>
          <Button onClick={onClose}>{t('webhooks.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
