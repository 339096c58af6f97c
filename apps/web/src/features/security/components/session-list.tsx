import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SessionRecord } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Ltr } from '@/components/ltr';
import { formatDateTime } from '@/lib/dates';

interface SessionListProps {
  sessions: SessionRecord[];
  /** Ends one session (the caller's own list); absent in an administrator's view. */
  onEnd?: (id: string) => Promise<unknown>;
  testId: string;
}

/** Sessions as cards (they read at phone width): device, address, method, started, last active; this device marked. */
export function SessionList({ sessions, onEnd, testId }: SessionListProps) {
  const { t, i18n } = useTranslation();
  const [ending, setEnding] = useState<SessionRecord | null>(null);
  const [busy, setBusy] = useState(false);
  if (sessions.length === 0) return <Text size="sm" c="dimmed">{t('security.sessions.none')}</Text>;
  const at = (v: string | null) => formatDateTime(v, i18n.language);
  return (
    <Stack gap="xs" data-testid={testId}>
      {sessions.map((s) => (
        <Card key={s._id} withBorder padding="sm" data-testid="session-row" data-current={s.current || undefined} data-live={s.live || undefined}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="nowrap">
              <IconDevices size={18} aria-hidden />
              <Text fw={600} size="sm">{s.device ?? t('security.sessions.unknownDevice')}</Text>
              {s.current && <Badge color="teal" variant="light">{t('security.sessions.thisDevice')}</Badge>}
              {!s.live && <Badge color="gray" variant="light">{t(`security.sessions.reasons.${s.endReason ?? 'signed_out'}`, { defaultValue: t('security.sessions.ended') })}</Badge>}
            </Group>
            {onEnd && s.live && (
              <Button size="xs" variant="light" color="red" onClick={() => setEnding(s)} data-testid="end-session">{t('security.sessions.end')}</Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('security.sessions.address')}: <Ltr>{s.ip ?? '—'}</Ltr> · {t('security.sessions.method')}: {t(`security.sessions.methods.${s.method}`, { defaultValue: s.method })}
            {s.secondFactor && <> · {t('security.sessions.secondFactor')}: {t(`security.sessions.factors.${s.secondFactor}`, { defaultValue: s.secondFactor })}</>}
          </Text>
          <Text size="xs" c="dimmed">
            {t('security.sessions.started')}: {at(s.createdAt)} · {t('security.sessions.lastSeen')}: {at(s.lastSeenAt)}
          </Text>
        </Card>
      ))}
      <ConfirmDialog
        opened={ending !== null}
        title={t('security.sessions.end')}
        text={t('security.sessions.endConfirm')}
        confirmColor="red"
        confirmLabel={t('security.sessions.end')}
        loading={busy}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          if (!ending || !onEnd) return;
          setBusy(true);
          void onEnd(ending._id).catch(() => undefined).finally(() => { setBusy(false); setEnding(null); });
        }}
      />
    </Stack>
  );
}
