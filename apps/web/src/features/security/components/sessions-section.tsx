import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEndOtherSessions, useEndSession, useMySessions } from '../api/sessions-api';
import { EndSessionsButton } from './end-sessions-button';
import { SessionList } from './session-list';
import { SignInHistory } from './sign-in-history';

/** The signed-in user's sessions (this device marked; end one, end all others) and their sign-in history. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useMySessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((s) => s.live && !s.current).length;
  return (
    <Card withBorder data-testid="sessions-section">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={3}>{t('security.sessions.title')}</Title>
            <Text size="sm" c="dimmed">{t('security.sessions.intro')}</Text>
          </Stack>
          {others > 0 && (
            <EndSessionsButton
              label={t('security.sessions.endOthers')}
              text={t('security.sessions.endOthersConfirm')}
              onEnd={() => endOthers.mutateAsync()}
              testId="end-other-sessions"
            />
          )}
        </Group>
        {sessions.isError && <Text c="red" size="sm">{t('security.sessions.loadFailed')}</Text>}
        {sessions.data && <SessionList sessions={sessions.data} onEnd={(id) => endOne.mutateAsync(id)} testId="my-sessions" />}
        <SignInHistory who="me" />
      </Stack>
    </Card>
  );
}
