import { Center, Loader, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useBillingSettings } from '../api/invoices';
import { useCreateInvoice } from '../api/save-invoice';
import { emptyInvoiceForm } from '../components/invoice-form-values';
import { InvoiceForm } from '../components/invoice-form';

/** A draft invoice made by hand; it opens on its details page, where it is issued. */
export default function AddInvoicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useBillingSettings();
  const create = useCreateInvoice();
  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('finance.form.addTitle')} subtitle={settings.data ? t('finance.currencyHint', { currency: settings.data.currency }) : undefined} />
      {settings.data ? (
        <InvoiceForm
          defaultValues={emptyInvoiceForm()}
          currency={settings.data.currency}
          vatRateBasisPoints={settings.data.vatRateBasisPoints}
          submitLabel={t('finance.form.addSubmit')}
          onSubmit={async (values) => {
            const created = await create.mutateAsync(values);
            void navigate(`/billing/invoices/details/${created.data._id}`);
          }}
          onCancel={() => void navigate('/billing/invoices')}
        />
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      )}
    </Stack>
  );
}
