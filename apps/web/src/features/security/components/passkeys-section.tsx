import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconKey, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PasskeyView } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDateTime } from '@/lib/dates';
import { isApiError } from '@/lib/http';
import { notifyError, notifySuccess } from '@/lib/notify';
import { isCancelled, passkeysSupported } from '../api/passkey-ceremony';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { PasskeyNameDialog } from './passkey-name-dialog';

type Dialog = { kind: 'add' } | { kind: 'rename'; passkey: PasskeyView } | { kind: 'remove'; passkey: PasskeyView } | null;

/**
 * /security: the person's passkeys (name, added, last used), added with a name, renamed, removed after a confirmation.
 * `onAdded` is told of each passkey added (the enrolment screen opens the app with the first).
 */
export function PasskeysSection({ onAdded }: { onAdded?: () => void } = {}) {
  const { t, i18n } = useTranslation();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<string | null>(null);
  const supported = passkeysSupported();

  const open = (next: Dialog) => {
    setError(null);
    setDialog(next);
  };
  const failed = (err: unknown) => {
    if (isCancelled(err)) setError(t('security.passkeys.cancelled'));
    else setError(isApiError(err) ? err.message : t('security.passkeys.failed'));
  };

  const onAdd = (name: string) => add.mutate(name, {
    onSuccess: () => { setDialog(null); notifySuccess(t('security.passkeys.added')); onAdded?.(); },
    onError: failed,
  });
  const onRename = (passkey: PasskeyView, name: string) => rename.mutate({ id: passkey.id, name }, {
    onSuccess: () => { setDialog(null); notifySuccess(t('security.passkeys.renamed')); },
    onError: failed,
  });
  const onRemove = (passkey: PasskeyView) => remove.mutate(passkey.id, {
    onSuccess: () => { setDialog(null); notifySuccess(t('security.passkeys.removed')); },
    onError: (err) => { setDialog(null); notifyError(isApiError(err) ? err.message : t('security.passkeys.failed')); },
  });

  const list = passkeys.data ?? [];
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="passkeys-section">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 16rem' }}>
            <Title order={3} fz="h4">{t('security.passkeys.title')}</Title>
            <Text size="sm" c="dimmed">{t('security.passkeys.intro')}</Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={() => open({ kind: 'add' })} disabled={!supported} data-testid="passkey-add">
            {t('security.passkeys.add')}
          </Button>
        </Group>
        {!supported && <Alert color="yellow" data-testid="passkeys-unsupported">{t('security.passkeys.unsupported')}</Alert>}
        {passkeys.isPending && <Loader size="sm" />}
        {passkeys.isError && <Alert color="red">{t('security.passkeys.loadFailed')}</Alert>}
        {passkeys.isSuccess && list.length === 0 && <Text size="sm" c="dimmed">{t('security.passkeys.none')}</Text>}
        {list.length > 0 && (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('security.passkeys.title')}>
            {list.map((p) => (
              <Group key={p.id} component="li" justify="space-between" wrap="nowrap" gap="sm" py="sm" data-testid="passkey-row"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconKey size={20} aria-hidden style={{ flexShrink: 0 }} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate data-testid="passkey-name-text">{p.name}</Text>
                    <Text size="xs" c="dimmed">{t('security.passkeys.createdAt', { date: formatDateTime(p.createdAt, i18n.language) })}</Text>
                    <Text size="xs" c="dimmed">
                      {p.lastUsedAt ? t('security.passkeys.lastUsed', { date: formatDateTime(p.lastUsedAt, i18n.language) }) : t('security.passkeys.neverUsed')}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('security.passkeys.rename')}>
                    <ActionIcon variant="subtle" aria-label={t('security.passkeys.renameNamed', { name: p.name })} onClick={() => open({ kind: 'rename', passkey: p })}>
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('security.passkeys.remove')}>
                    <ActionIcon variant="subtle" color="red" aria-label={t('security.passkeys.removeNamed', { name: p.name })} onClick={() => open({ kind: 'remove', passkey: p })}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <PasskeyNameDialog
        opened={dialog?.kind === 'add'}
        title={t('security.passkeys.addTitle')}
        hint={t('security.passkeys.addHint')}
        initialName=""
        submitLabel={t('security.passkeys.addSubmit')}
        loading={add.isPending}
        error={error}
        onSubmit={onAdd}
        onClose={() => setDialog(null)}
      />
      <PasskeyNameDialog
        opened={dialog?.kind === 'rename'}
        title={t('security.passkeys.renameTitle')}
        initialName={dialog?.kind === 'rename' ? dialog.passkey.name : ''}
        submitLabel={t('security.passkeys.save')}
        loading={rename.isPending}
        error={error}
        onSubmit={(name) => dialog?.kind === 'rename' && onRename(dialog.passkey, name)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'remove'}
        title={t('security.passkeys.removeTitle')}
        text={t('security.passkeys.removeText', { name: dialog?.kind === 'remove' ? dialog.passkey.name : '' })}
        confirmLabel={t('security.passkeys.remove')}
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => dialog?.kind === 'remove' && onRemove(dialog.passkey)}
        onCancel={() => setDialog(null)}
      />
    </Card>
  );
}
