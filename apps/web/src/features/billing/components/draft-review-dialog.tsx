import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceCreate, InvoiceRecord } from '@clinic/shared';
import { FormDialog } from '@/components/form/form-dialog';
import { translateMessage } from '@/lib/http';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useIssueReviewed } from '../api/appointment-invoice';
import { useClinicServices } from '../api/options';
import { InvoiceEstimate } from './invoice-estimate';
import { invoiceFormSchema, invoiceFormValues, type InvoiceFormValues } from './invoice-form-values';
import { InvoiceLinesField } from './invoice-lines-field';

interface DraftReviewDialogProps {
  /** The visit's draft invoice. */
  draft: InvoiceRecord;
  onClose: () => void;
  /** The invoice was saved as reviewed and issued: the payment follows. */
  onIssued: (invoice: InvoiceRecord) => void;
}

/**
 * "Take payment" on a visit starts here: the draft made from the visit, its lines and discounts editable (a line
 * added, a discount given), and nothing is issued until the cashier confirms.
 */
export function DraftReviewDialog({ draft, onClose, onIssued }: DraftReviewDialogProps) {
  const { t } = useTranslation();
  const issue = useIssueReviewed();
  const currency = draft.currency;
  const { form, serverError, onSubmit } = useSchemaForm<InvoiceFormValues, InvoiceCreate>({ schema: invoiceFormSchema(currency), defaultValues: invoiceFormValues(draft) });
  const { control, setValue, formState } = form;
  const services = useClinicServices(draft.clinic._id);
  // The draft's other fields are not on this dialog: a refusal of one of them is said here, not lost.
  const { lines: _lines, ...others } = formState.errors;
  const otherError = Object.values(others).map((e) => e?.message).find(Boolean);

  const send = async ({ patient: _p, clinic: _c, ...values }: InvoiceCreate) => {
    onIssued(await issue.mutateAsync({ draft, values }));
  };

  return (
    <FormDialog
      opened
      onClose={onClose}
      title={t('finance.review.title')}
      size="lg"
      data-testid="invoice-review"
      onSubmit={onSubmit(send)}
      serverError={serverError ?? (otherError ? translateMessage(otherError) : null)}
      serverErrorTestId="invoice-review-error"
      submitLabel={t('finance.review.submit')}
      pending={formState.isSubmitting}
      submitTestId="invoice-review-issue"
    >
      <Text size="sm" fw={600}>{draft.patient.name} · {draft.clinic.name}</Text>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
        <Text size="sm">{t('finance.review.hint')}</Text>
      </Alert>
      <InvoiceLinesField
        control={control}
        setValue={setValue}
        services={services.data ?? []}
        currency={currency}
        error={formState.errors.lines?.message ?? formState.errors.lines?.root?.message}
      />
      <InvoiceEstimate control={control} services={services.data ?? []} currency={currency} vatRateBasisPoints={draft.vatRateBasisPoints} />
    </FormDialog>
  );
}
