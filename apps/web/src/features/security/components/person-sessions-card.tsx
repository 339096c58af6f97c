import { Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEndPersonSessions, usePersonSessions } from '../api/sessions-api';
import { EndSessionsButton } from './end-sessions-button';
import { SessionList } from './session-list';
import { SignInHistory } from './sign-in-history';

/** For an administrator, on a person's page: their sessions, "end all sessions", and their sign-in history. */
export function PersonSessionsCard({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const sessions = usePersonSessions(employeeId);
  const endAll = useEndPersonSessions();
  const live = (sessions.data ?? []).some((s) => s.live);
  return (
    <Card withBorder data-testid="person-sessions">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>{t('security.sessions.admin.title')}</Title>
          {live && (
            <EndSessionsButton
              size="xs"
              label={t('security.sessions.admin.endAll')}
              text={t('security.sessions.admin.endAllConfirm')}
              onEnd={() => endAll.mutateAsync(employeeId)}
              testId="end-all-sessions"
            />
          )}
        </Group>
        {sessions.data && <SessionList sessions={sessions.data} testId="person-session-list" />}
        <SignInHistory who={{ id: employeeId }} />
      </Stack>
    </Card>
  );
}
