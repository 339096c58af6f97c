import { useState } from 'react';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useEndPersonSessions, usePersonSessions } from '../api/sessions-api';
import { SessionList } from './session-list';
import { SignInHistory } from './sign-in-history';

/** For an administrator, on a person's page: their sessions, "end all sessions", and their sign-in history. */
export function PersonSessionsCard({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const sessions = usePersonSessions(employeeId);
  const endAll = useEndPersonSessions();
  const [confirming, setConfirming] = useState(false);
  const live = (sessions.data ?? []).some((s) => s.live);
  return (
    <Card withBorder data-testid="person-sessions">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>{t('security.sessions.admin.title')}</Title>
          {live && <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)} data-testid="end-all-sessions">{t('security.sessions.admin.endAll')}</Button>}
        </Group>
        {sessions.data && <SessionList sessions={sessions.data} testId="person-session-list" />}
        <SignInHistory who={{ id: employeeId }} />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('security.sessions.admin.endAll')}
        text={t('security.sessions.admin.endAllConfirm')}
        confirmColor="red"
        confirmLabel={t('security.sessions.admin.endAll')}
        loading={endAll.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void endAll.mutateAsync(employeeId).catch(() => undefined).finally(() => setConfirming(false))}
      />
    </Card>
  );
}
