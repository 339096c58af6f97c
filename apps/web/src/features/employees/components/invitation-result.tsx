import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconMailCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvitationSent } from '@clinic/shared';
import { formatDateTime } from '@/lib/dates';

const HOUR_MS = 3_600_000;

/** How long the link still works: in hours under two days, else in whole days. */
export function expiryText(t: (key: string, options: Record<string, unknown>) => string, expiresAt: string, lang: string, now = Date.now()): string {
  const hours = Math.max(1, Math.round((new Date(expiresAt).getTime() - now) / HOUR_MS));
  const date = formatDateTime(expiresAt, lang);
  return hours < 48 ? t('users.invite.expiresInHours', { count: hours, date }) : t('users.invite.expiresInDays', { count: Math.round(hours / 24), date });
}

/**
 * What the inviter sees once the invitation is made: sent to the address, or (the server sends no e-mail) the link to
 * send themselves; either way the link to copy and when it stops working.
 */
export function InvitationResult({ sent, onDone }: { sent: InvitationSent; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  // The address kept left to right inside an Arabic sentence (and the words after it in their place).
  const email = `\u2066${sent.email}\u2069`;
  return (
    <Stack gap="sm" data-testid="invite-result">
      {sent.emailed ? (
        <Alert color="teal" icon={<IconMailCheck size={18} />} data-testid="invite-emailed">
          {t('success.invitationSent', { email })}
        </Alert>
      ) : (
        <Alert color="blue" icon={<IconSend size={18} />} data-testid="invite-send-yourself">
          <Text size="sm" fw={600}>{t('users.invite.sendYourselfTitle')}</Text>
          <Text size="sm">{t('users.invite.sendYourself', { email })}</Text>
        </Alert>
      )}
      <TextInput
        label={t('users.invite.link')}
        readOnly
        value={sent.link}
        dir="ltr"
        onFocus={(e) => e.currentTarget.select()}
        data-testid="invite-link"
      />
      <Text size="sm" c="dimmed" data-testid="invite-expires">{expiryText(t, sent.expiresAt, i18n.language)}</Text>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={sent.link}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy} data-testid="invite-copy">
              {copied ? t('users.invite.copied') : t('users.invite.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone} data-testid="invite-done">{t('users.invite.done')}</Button>
      </Group>
    </Stack>
  );
}

/** A new link for a pending or lapsed invitation (Resend invitation in the users list). */
export function InvitationResultDialog({ sent, onClose }: { sent: InvitationSent | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={sent !== null} onClose={onClose} title={<Text fw={650}>{t('users.invite.resentTitle')}</Text>} centered size={520}>
      {sent && <InvitationResult sent={sent} onDone={onClose} />}
    </Modal>
  );
}
