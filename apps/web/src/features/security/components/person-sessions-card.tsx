import { Alert, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError, isError } from '@/lib/api-error';
import { useEndPersonSessions, usePersonSessions } from '../api/sessions-api';
import { EndSessionsButton } from './end-sessions-button';
import { SessionList } from './session-list';
import { SignInHistory } from './sign-in-history';

/**
 * For an administrator, on a person's page: their sessions, "end all sessions", and their sign-in history. An
 * administrator's sessions are an administrator's to see (the API refuses anyone else): then there is no card.
 */
export function PersonSessionsCard({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const sessions = usePersonSessions(employeeId);
  const endAll = useEndPersonSessions();
  const live = (sessions.data ?? []).some((s) => s.live);
  if (isError(sessions.error, 'ADMINISTRATOR_PROTECTED')) return null;
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
        {sessions.isError && <Alert color="red" role="alert">{isApiError(sessions.error) ? sessions.error.message : t('errors.network')}</Alert>}
        {sessions.data && <SessionList sessions={sessions.data} testId="person-session-list" />}
        {sessions.data && <SignInHistory who={{ id: employeeId }} />}
      </Stack>
    </Card>
  );
}
