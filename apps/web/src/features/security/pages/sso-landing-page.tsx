import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Box, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSecondFactorChallenge, type SecondFactorChallenge } from '@clinic/shared';
import { Logo } from '@/components/logo';
import { pathAfterLogin, SecondStepForm } from '@/features/auth';
import { isLoginToRegister, storeSignIn } from '@/lib/session';
import { exchangeSsoCode } from '../api/sso';
import classes from '@/components/welcome-page.module.css';

type Outcome = 'working' | 'failed' | { challenge: SecondFactorChallenge['secondFactor'] };

/**
 * /login/sso: where the organisation's identity provider's round trip ends. The one-time code in the address's
 * fragment (never sent to a server by the browser) is exchanged once for the sign-in, stored as the sign-in form
 * stores it; an account with a second factor makes its second step here.
 */
export default function SsoLandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>('working');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    // The code is spent on the first try: it leaves the address (and the history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (!code) return setOutcome('failed');
    exchangeSsoCode(code).then((answer) => {
      if (isSecondFactorChallenge(answer)) return setOutcome({ challenge: answer.secondFactor });
      queryClient.clear();
      storeSignIn(answer, false);
      void navigate(pathAfterLogin(answer.user, isLoginToRegister()), { replace: true });
    }, () => setOutcome('failed'));
  }, [navigate, queryClient]);

  return (
    <Box className={classes.page}>
      <Center className={classes.center}>
        <Card className={classes.card} p={{ base: 'lg', xs: 'xl' }} shadow="md" radius="lg" withBorder w="100%" maw={422} data-testid="sso-landing">
          <Stack gap="md" align="center">
            <Logo size="lg" withName={false} />
            <Title order={1} fz="h3" ta="center">{t('auth.sso.button')}</Title>
            {outcome === 'working' && (
              <Stack gap="xs" align="center">
                <Loader size="sm" />
                <Text c="dimmed" size="sm">{t('auth.sso.working')}</Text>
              </Stack>
            )}
            {typeof outcome === 'object' && (
              <SecondStepForm
                challenge={outcome.challenge}
                remember={false}
                onSignedIn={(user) => void navigate(pathAfterLogin(user, isLoginToRegister()), { replace: true })}
                onBack={() => void navigate('/login', { replace: true })}
              />
            )}
            {outcome === 'failed' && (
              <Alert color="red" variant="light" w="100%" data-testid="sso-landing-message">{t('auth.sso.failed')}</Alert>
            )}
            {outcome !== 'working' && (
              <Anchor component={Link} to="/login" fw={600} data-testid="sso-back">{t('auth.sso.back')}</Anchor>
            )}
          </Stack>
        </Card>
      </Center>
    </Box>
  );
}
