import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { creditNoteInput, type CreditNoteValues, type InvoiceRecord } from '@clinic/shared';
import { NumberField, TextAreaField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useCreditNote } from '../api/payments';
import { currencySymbol, formatMoney, toMinor } from './money';

interface CreditForm {
  amount: number | string;
  reason: string;
}

/** What can still be credited: the patient's share not yet credited. */
export const creditable = (invoice: InvoiceRecord) => Math.max(0, invoice.patientShare - invoice.creditedTotal);

/** Issues a credit note (VAT included) against an issued invoice, with its reason. */
export function CreditNoteDialog({ invoice, opened, onClose }: { invoice: InvoiceRecord; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const max = creditable(invoice);
  const money = (minor: number) => formatMoney(minor, invoice.currency, i18n.language);
  const schema = z
    .preprocess((v) => ({ amount: toMinor((v as CreditForm).amount, invoice.currency) ?? undefined, reason: (v as CreditForm).reason }), creditNoteInput)
    .superRefine((v, ctx) => {
      if (v.amount > max) ctx.addIssue({ code: 'custom', path: ['amount'], message: t('finance.credit.max', { amount: money(max) }) });
    });
  const { form, serverError, onSubmit } = useSchemaForm<CreditForm, CreditNoteValues>({ schema, defaultValues: { amount: '', reason: '' } });
  const credit = useCreditNote();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('finance.credit.title')}
      data-testid="credit-note-form"
      onSubmit={onSubmit(async (input) => {
        await credit.mutateAsync({ id: invoice._id, input });
        onClose();
      })}
      serverError={serverError}
      submitLabel={t('finance.credit.submit')}
      submitColor="grape"
      pending={form.formState.isSubmitting}
      submitTestId="credit-submit"
    >
      <Text size="sm" c="dimmed">{t('finance.credit.max', { amount: money(max) })}</Text>
      <NumberField control={form.control} name="amount" label={t('finance.credit.amount')} min={0} allowDecimal decimalScale={3} rightSection={currencySymbol(invoice.currency, i18n.language)} rightSectionWidth={56} required testId="credit-amount" />
      <TextAreaField control={form.control} name="reason" label={t('finance.credit.reason')} placeholder={t('finance.credit.reasonPlaceholder')} required testId="credit-reason" />
    </FormDialog>
  );
}
