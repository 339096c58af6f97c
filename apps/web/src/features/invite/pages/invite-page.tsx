import { Anchor, Box, Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBuildingHospital, IconClockX, IconLinkOff, IconUserCheck } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isErrorCode, type ErrorCode, type SessionUser } from '@clinic/shared';
import { Logo } from '@/components/logo';
import { Ltr } from '@/components/ltr';
import { LoginToolbar, pathAfterLogin } from '@/features/auth';
import { formatDateTime } from '@/lib/dates';
import { isApiError } from '@/lib/http';
import { useInvitation } from '../api/invitation';
import { InviteAcceptForm } from '../components/invite-accept-form';
import classes from '@/components/welcome-page.module.css';

/** Why a link cannot be taken up, by the server's error code: its icon and the card's title. */
const GONE: Partial<Record<ErrorCode, { icon: typeof IconLinkOff; title: string; testId: string }>> = {
  INVITATION_EXPIRED: { icon: IconClockX, title: 'invite.expiredTitle', testId: 'invite-expired' },
  INVITATION_USED: { icon: IconUserCheck, title: 'invite.usedTitle', testId: 'invite-used' },
};
const INVALID = { icon: IconLinkOff, title: 'invite.invalidTitle', testId: 'invite-invalid' };

/** The link cannot be used (not valid, expired, already used): the reason, and the way to the sign-in page. */
function GoneCard({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const kind = (isApiError(error) && isErrorCode(error.code) && GONE[error.code]) || INVALID;
  const message = isApiError(error) && error.fromServer ? error.message : error ? t('errors.network') : t('errors.invitationInvalid');
  const Icon = kind.icon;
  return (
    <Stack gap="md" align="center" ta="center" data-testid={kind.testId}>
      <Icon size={44} stroke={1.5} color="var(--mantine-color-dimmed)" />
      <Title order={1} fz="h3">{t(kind.title)}</Title>
      <Text c="dimmed" size="sm">{message}</Text>
      <Button component={Link} to="/login" variant="light" fullWidth data-testid="invite-go-sign-in">{t('invite.goToSignIn')}</Button>
    </Stack>
  );
}

/**
 * /invite?token=…: the page a person invited by e-mail opens, without a session. It shows who invited them, lets them
 * choose their user name and password, signs them in and takes them to the screen of their day.
 */
export default function InvitePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const v = invitation.data;

  const onSignedIn = (user: SessionUser) => void navigate(pathAfterLogin(user, false), { replace: true });

  return (
    <Box className={classes.page}>
      <LoginToolbar className={classes.topBar} />
      <Center className={classes.center}>
        <Stack gap="lg" w="100%" maw={440}>
          <Card className={classes.card} p={{ base: 'lg', xs: 'xl' }} shadow="md" radius="lg" withBorder data-testid="invite-card">
            {!token || invitation.isError ? (
              <GoneCard error={invitation.error} />
            ) : !v ? (
              <Center py="xl"><Loader role="status" aria-label={t('invite.loading')} /></Center>
            ) : (
              <Stack gap="lg">
                <Stack gap={6} align="center" ta="center">
                  <Logo size="lg" withName={false} />
                  <Text size="sm" c="dimmed" mt="xs">
                    <IconBuildingHospital size={14} style={{ verticalAlign: '-2px', marginInlineEnd: 4 }} />
                    <span data-testid="invite-company">{v.companyName}</span>
                  </Text>
                  <Title order={1} fz="h2">{t('invite.welcome', { name: v.name })}</Title>
                  <Text size="sm" c="dimmed"><Ltr>{v.email}</Ltr></Text>
                </Stack>
                <Stack gap={4}>
                  <Title order={2} fz="h4">{t('invite.title')}</Title>
                  <Text size="sm" c="dimmed" data-testid="invite-until">{t('invite.intro', { date: formatDateTime(v.expiresAt, i18n.language) })}</Text>
                </Stack>
                <InviteAcceptForm token={token} suggestedUsername={v.suggestedUsername} onSignedIn={onSignedIn} />
              </Stack>
            )}
          </Card>
          <Text size="xs" c="dimmed" ta="center">
            {t('invite.haveAccount')}{' '}
            <Anchor component={Link} to="/login" fw={600}>{t('invite.signIn')}</Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
