import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useEndOtherSessions, useEndSession, useMySessions } from '../api/sessions-api';
import { SessionList } from './session-list';
import { SignInHistory } from './sign-in-history';

/** The signed-in user's sessions (this device marked; end one, end all others) and their sign-in history. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useMySessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
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
            <Button variant="light" color="red" onClick={() => setConfirming(true)} data-testid="end-other-sessions">{t('security.sessions.endOthers')}</Button>
          )}
        </Group>
        {sessions.isError && <Text c="red" size="sm">{t('security.sessions.loadFailed')}</Text>}
        {sessions.data && <SessionList sessions={sessions.data} onEnd={(id) => endOne.mutateAsync(id)} testId="my-sessions" />}
        <SignInHistory who="me" />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('security.sessions.endOthers')}
        text={t('security.sessions.endOthersConfirm')}
        confirmColor="red"
        confirmLabel={t('security.sessions.endOthers')}
        loading={endOthers.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void endOthers.mutateAsync().catch(() => undefined).finally(() => setConfirming(false))}
      />
    </Card>
  );
}
