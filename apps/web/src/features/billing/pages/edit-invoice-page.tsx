import { Card, Center, Loader, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { StaleRecordAlert } from '@/components/stale-record-alert';
import { useEditedRecord } from '@/lib/edited-record';
import { useInvoice } from '../api/invoices';
import { useUpdateInvoice } from '../api/save-invoice';
import { invoiceFormValues } from '../components/invoice-form-values';
import { InvoiceForm } from '../components/invoice-form';

/** A draft's lines, doctor, date, insurance and note (an issued invoice is corrected with credit notes). */
export default function EditInvoicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const update = useUpdateInvoice();
  const edit = useEditedRecord(invoice.data, invoice.refetch);
  const inv = edit.record;
  if (invoice.isError || (inv && inv.status !== 'draft')) {
    return (
      <Card>
        <EmptyState title={invoice.isError ? t('finance.details.empty') : t('errors.billing.notDraft')} />
      </Card>
    );
  }
  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('finance.form.editTitle')} subtitle={inv ? `${inv.patient.name} · ${inv.clinic.name}` : undefined} />
      <StaleRecordAlert stale={edit.stale} reloading={edit.reloading} onReload={() => void edit.reload()} />
      {inv ? (
        <InvoiceForm
          key={edit.formKey}
          defaultValues={invoiceFormValues(inv)}
          currency={inv.currency}
          vatRateBasisPoints={inv.vatRateBasisPoints}
          editing={{ patient: inv.patient }}
          submitLabel={t('finance.form.editSubmit')}
          onSubmit={async ({ patient: _p, clinic: _c, ...values }) => {
            await edit.save((version) => update.mutateAsync({ id, input: { ...values, version } }));
            void navigate(`/billing/invoices/details/${id}`);
          }}
          onCancel={() => void navigate(-1)}
        />
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      )}
    </Stack>
  );
}
