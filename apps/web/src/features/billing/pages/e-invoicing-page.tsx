import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { EInvoicingSettingsCard } from '../components/e-invoicing-settings-card';
import { EInvoicingStampCard } from '../components/e-invoicing-stamp-card';

/** /billing/e-invoicing: Saudi e-invoicing (ZATCA): the seller, on or off, and the stamp that signs documents. */
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
      {can('admin') && <EInvoicingStampCard />}
    </Stack>
  );
}
