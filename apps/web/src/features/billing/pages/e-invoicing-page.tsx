import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { EInvoicingOnboardingCard } from '../components/e-invoicing-onboarding-card';
import { EInvoicingSettingsCard } from '../components/e-invoicing-settings-card';
import { EInvoicingStampCard } from '../components/e-invoicing-stamp-card';
import { EInvoicingSubmissionsCard } from '../components/e-invoicing-submissions-card';

/**
 * /billing/e-invoicing: Saudi e-invoicing (ZATCA): the seller, on or off, onboarding with the authority and the stamp
 * that signs documents (administrators), and what was sent to the authority.
 */
export default function EInvoicingPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <Stack gap="lg" data-testid="e-invoicing-page">
      <Stack gap={2}>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>{t('finance.eInvoicing.pageTitle')}</Title>
        <Text c="dimmed" size="sm">{t('finance.eInvoicing.pageIntro')}</Text>
      </Stack>
      <EInvoicingSettingsCard />
      {can('admin') && <EInvoicingOnboardingCard />}
      <EInvoicingSubmissionsCard />
      {can('admin') && <EInvoicingStampCard />}
    </Stack>
  );
}
