import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, PasswordInput, Portal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSecondFactorChallenge, STORAGE_KEYS } from '@clinic/shared';
import { markActivity } from '@/lib/activity';
import { call } from '@/lib/api-client';
import { authRoutes } from '@/lib/auth-routes';
import { lockReason, unlockAfterSignIn } from '@/lib/idle-lock';
import { clearSession, readSession, storeSignIn } from '@/lib/session';

/** The element the app is drawn in: hidden (kept, not unmounted) while the sign-in covers it. */
function appRoot(): HTMLElement | null {
  return document.getElementById('root');
}

/** Leaves for a clean app (another person, or a sign-in with a second step): nothing of the page is kept. */
function leaveTo(path: string) {
  window.location.assign(path);
}

/**
 * The sign-in over the page after an idle sign-out. The page underneath is hidden and inert but stays mounted, so its
 * unsaved input survives. The same person signing in again continues where they were; another person gets a clean app.
 */
export function IdleSignInOverlay() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [previous] = useState(() => readSession());
  const [identifier, setIdentifier] = useState(previous?.userEmail ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const root = appRoot();
    if (!root) return;
    root.setAttribute('inert', '');
    root.setAttribute('aria-hidden', 'true');
    root.style.visibility = 'hidden';
    return () => {
      root.removeAttribute('inert');
      root.removeAttribute('aria-hidden');
      root.style.visibility = '';
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = (await call(authRoutes.login, { body: { email: identifier.trim(), password } }, { silent: true, skipAuthRefresh: true })).data;
      if (isSecondFactorChallenge(answer)) {
        setError(t('security.sessions.idle.secondStep'));
        return;
      }
      const remember = localStorage.getItem(STORAGE_KEYS.refreshToken) !== null;
      if (answer.user._id !== previous?.userId) {
        client.clear();
        storeSignIn(answer, remember);
        leaveTo('/');
        return;
      }
      storeSignIn(answer, remember);
      markActivity();
      unlockAfterSignIn();
      // What failed while signed out is read again; what the page holds (its input) is left as it is.
      void client.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
    } catch {
      setError(t('security.sessions.idle.failed'));
    } finally {
      setBusy(false);
    }
  };

  const otherAccount = () => {
    clearSession();
    unlockAfterSignIn();
    leaveTo('/login');
  };

  return (
    <Portal>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="idle-sign-in-title"
        data-testid="idle-sign-in"
        style={{ position: 'fixed', inset: 0, zIndex: 1000, background: 'var(--mantine-color-body)', display: 'grid', placeItems: 'center', padding: 16, overflow: 'auto' }}
      >
        <Card withBorder w="100%" maw={400}>
          <form onSubmit={(e) => void submit(e)}>
            <Stack gap="sm">
              <Title order={3} id="idle-sign-in-title">{t(lockReason() === 'idle' ? 'security.sessions.idle.lockedTitle' : 'security.sessions.idle.endedTitle')}</Title>
              <Text size="sm" c="dimmed">{t('security.sessions.idle.lockedIntro')}</Text>
              {error && <Alert color="red" data-testid="idle-sign-in-error">{error}</Alert>}
              <TextInput label={t('security.sessions.idle.user')} value={identifier} onChange={(e) => setIdentifier(e.currentTarget.value)} autoComplete="username" required dir="ltr" />
              <PasswordInput label={t('security.sessions.idle.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" required data-autofocus />
              <Button type="submit" loading={busy} data-testid="idle-sign-in-submit">{t('security.sessions.idle.signIn')}</Button>
              <Button variant="subtle" onClick={otherAccount} data-testid="idle-other-account">{t('security.sessions.idle.otherAccount')}</Button>
            </Stack>
          </form>
        </Card>
      </div>
    </Portal>
  );
}
