import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { routes } from '@clinic/shared';
import { lastActivityAt, markActivity, trackActivity } from '@/lib/activity';
import { call } from '@/lib/api-client';
import { holdPageOnSessionEnd, isIdleLocked, lockForIdle, subscribeIdleLock } from '@/lib/idle-lock';
import { getRefreshToken } from '@/lib/session';
import { useLogout } from '@/lib/sign-out';
import { keepSessionAlive, useSessionRules } from '../api/sessions-api';
import { formatCountdown, KEEP_ALIVE_MS, useIdleRemaining, WARNING_MS } from './idle-timer';
import { IdleSignInOverlay } from './idle-sign-in-overlay';

/** Ends the sign-in on the server (its refresh token revoked); the page and its input stay. */
async function signOutForIdle(): Promise<void> {
  lockForIdle();
  const refreshToken = getRefreshToken();
  if (!refreshToken) return;
  await call(routes.auth.logout, { body: { refreshToken } }, { silent: true, skipAuthRefresh: true }).catch(() => undefined);
}

/**
 * Watches the person's activity against the organisation's idle timeout: a minute before, a warning with a countdown
 * ("Stay signed in" / "Sign out"); at the timeout, signs out and covers the page with a sign-in (the page stays
 * mounted, hidden, so unsaved input survives). While the person works, the server hears of it once a minute.
 */
export function IdleGuard() {
  const { t } = useTranslation();
  const locked = useSyncExternalStore(subscribeIdleLock, isIdleLocked);
  const rules = useSessionRules(!locked);
  const remaining = useIdleRemaining(rules.data?.idleTimeoutMinutes, locked);
  const lastPing = useRef(Date.now());
  const logout = useLogout();

  useEffect(() => trackActivity(), []);
  useEffect(() => holdPageOnSessionEnd(), []);

  useEffect(() => {
    if (remaining === null || locked) return;
    if (remaining <= 0) {
      void signOutForIdle();
      return;
    }
    const now = Date.now();
    if (lastActivityAt() > lastPing.current && now - lastPing.current >= KEEP_ALIVE_MS && remaining > WARNING_MS) {
      lastPing.current = now;
      void keepSessionAlive().catch(() => undefined);
    }
  }, [remaining, locked]);

  const warning = !locked && remaining !== null && remaining > 0 && remaining <= WARNING_MS;
  const stay = () => {
    markActivity();
    lastPing.current = Date.now();
    void keepSessionAlive().catch(() => undefined);
  };

  return (
    <>
      <Modal opened={warning} onClose={stay} title={t('security.sessions.idle.title')} centered withCloseButton={false} data-testid="idle-warning">
        <Stack gap="md">
          <Text role="timer" aria-live="polite" data-testid="idle-countdown">
            {t('security.sessions.idle.countdown', { time: formatCountdown(remaining ?? 0) })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => logout.mutate()} data-testid="idle-sign-out">{t('security.sessions.idle.signOut')}</Button>
            <Button onClick={stay} data-testid="idle-stay">{t('security.sessions.idle.stay')}</Button>
          </Group>
        </Stack>
      </Modal>
      {locked && <IdleSignInOverlay />}
    </>
  );
}
