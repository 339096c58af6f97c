import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasskeysSection } from '../components/passkeys-section';
import { SessionsSection } from '../components/sessions-section';
import { TwoFactorSection } from '../components/two-factor-section';

/** /security: the signed-in user's own sign-in security: second factors, passkeys, sessions and sign-in history. */
export default function SecurityPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="security-page">
      <Stack gap={2}>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>{t('security.title')}</Title>
        <Text c="dimmed" size="sm">{t('security.intro')}</Text>
      </Stack>
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
    </Stack>
  );
}
