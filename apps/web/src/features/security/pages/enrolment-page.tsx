import { useState } from 'react';
import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLogout } from '@/features/auth';
import { useTwoFactorStatus } from '../api/two-factor';
import { PasskeysSection } from '../components/passkeys-section';
import { StepUpDialog } from '../components/step-up-dialog';
import { TwoFactorSection } from '../components/two-factor-section';

/**
 * The one screen of a session the organisation holds to enrolment (a role that must use a second factor, and none set
 * up): set one up, or sign out. Once the first factor is on (and its recovery codes put away) the app opens as usual.
 * When the person has set one up since this sign-in (on another device or in another window), there is nothing left
 * to set up here: proving that factor releases this sign-in too.
 */
export default function EnrolmentPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const status = useTwoFactorStatus();
  const [confirming, setConfirming] = useState(false);
  // A setup begun here keeps its steps on screen (the recovery codes shown once) though the person now has a factor.
  const [settingUp, setSettingUp] = useState(false);
  const hasFactor = status.data ? !settingUp && (status.data.totp.state === 'on' || status.data.passkeys > 0) : null;
  const opened = () => void queryClient.invalidateQueries({ queryKey: ['profile'] });
  return (
    <Center p={{ base: 'sm', sm: 'xl' }}>
      <Stack gap="lg" maw={640} w="100%" data-testid="enrolment-page">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>{t('security.twoFactor.enrol.title')}</Title>
            {!hasFactor && <Text c="dimmed" size="sm">{t('security.twoFactor.enrol.intro')}</Text>}
          </Stack>
          <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>{t('security.twoFactor.enrol.signOut')}</Button>
        </Group>
        {hasFactor === null ? (
          <Center py="lg"><Loader size="sm" /></Center>
        ) : hasFactor ? (
          <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="enrolment-already">
            <Stack gap="sm" align="flex-start">
              <Title order={3} fz="h4">{t('security.twoFactor.enrol.alreadyTitle')}</Title>
              <Text size="sm">{t('security.twoFactor.enrol.alreadyBody')}</Text>
              <Button onClick={() => setConfirming(true)}>{t('security.twoFactor.enrol.confirm')}</Button>
            </Stack>
            <StepUpDialog opened={confirming} onDone={(verified) => { setConfirming(false); if (verified) opened(); }} />
          </Card>
        ) : (
          <>
            <TwoFactorSection onStarted={() => setSettingUp(true)} onEnrolled={opened} />
            <PasskeysSection onAdded={opened} />
          </>
        )}
      </Stack>
    </Center>
  );
}
