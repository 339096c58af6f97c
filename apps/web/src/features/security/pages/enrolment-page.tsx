import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLogout } from '@/features/auth';
import { PasskeysSection } from '../components/passkeys-section';
import { TwoFactorSection } from '../components/two-factor-section';

/**
 * The one screen of a session the organisation holds to enrolment (a role that must use a second factor, and none set
 * up): set one up, or sign out. Once the first factor is on (and its recovery codes put away) the app opens as usual.
 */
export default function EnrolmentPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const logout = useLogout();
  return (
    <Center p={{ base: 'sm', sm: 'xl' }}>
      <Stack gap="lg" maw={640} w="100%" data-testid="enrolment-page">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>{t('security.twoFactor.enrol.title')}</Title>
            <Text c="dimmed" size="sm">{t('security.twoFactor.enrol.intro')}</Text>
          </Stack>
          <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>{t('security.twoFactor.enrol.signOut')}</Button>
        </Group>
        <TwoFactorSection onEnrolled={() => void queryClient.invalidateQueries({ queryKey: ['profile'] })} />
        <PasskeysSection />
      </Stack>
    </Center>
  );
}
