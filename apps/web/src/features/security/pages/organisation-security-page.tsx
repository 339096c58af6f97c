import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SecondFactorPolicyCard } from '../components/second-factor-policy-card';
import { SessionPolicyCard } from '../components/session-policy-card';
import { SsoSettingsCard } from '../components/sso-settings-card';

/** /organisation/security: the organisation's sign-in rules: second factors by role, sessions, single sign-on. */
export default function OrganisationSecurityPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="organisation-security-page">
      <Stack gap={2}>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>{t('security.organisation.title')}</Title>
        <Text c="dimmed" size="sm">{t('security.organisation.intro')}</Text>
      </Stack>
      <SecondFactorPolicyCard />
      <SessionPolicyCard />
      <SsoSettingsCard />
    </Stack>
  );
}
