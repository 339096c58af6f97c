import { Anchor, Box, Card, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@clinic/shared';
import { Logo } from '@/components/logo';
import { PasskeySignInButton } from '@/features/security';
import { isLoginToRegister } from '@/lib/session';
import { LoginForm } from '../components/login-form';
import { LoginToolbar } from '../components/login-toolbar';
import { pathAfterLogin } from '../login-redirect';
import classes from '@/components/welcome-page.module.css';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const onSignedIn = (user: SessionUser) => {
    void navigate(pathAfterLogin(user, isLoginToRegister()), { replace: true });
  };

  return (
    <Box className={classes.page}>
      <LoginToolbar className={classes.topBar} />
      <Center className={classes.center}>
        <Stack gap="lg" w="100%" maw={422}>
          <Card className={classes.card} p={{ base: 'lg', xs: 'xl' }} shadow="md" radius="lg" withBorder>
            <Stack gap={6} align="center" mb="lg">
              <Logo size="lg" withName={false} />
              <Title order={1} fz="h2" ta="center" mt="sm">
                {t('auth.login.title')}
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                {t('auth.login.subtitle')}
              </Text>
            </Stack>
            <LoginForm onSignedIn={onSignedIn} />
            <PasskeySignInButton onSignedIn={onSignedIn} />
            <Text size="sm" ta="center" mt="lg" c="dimmed">
              {t('auth.login.newHere')}{' '}
              <Anchor component={Link} to="/SelectPlan" fw={600}>
                {t('auth.login.getStarted')}
              </Anchor>
            </Text>
          </Card>
          <Text size="xs" c="dimmed" ta="center">
            {t('common.appName')} · {t('auth.login.footer')}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
