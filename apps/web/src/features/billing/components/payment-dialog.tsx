import { useEffect, useMemo, useRef } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PAYMENT_METHODS, paymentInput, refundInput, type InvoiceRecord, type PaymentValues, type RefundValues } from '@clinic/shared';
import { NumberField, SelectField, TextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useCashBoxes } from '../api/cash-boxes';
import { usePaymentMethods } from '../api/options';
import { useRefund, useTakePayment } from '../api/payments';
import { currencySymbol, formatMoney, toMajor, toMinor } from './money';

interface PaymentForm {
  method: (typeof PAYMENT_METHODS)[number];
  amount: number | string;
  cashBox: string | null;
  paymentMethod: string | null;
  reference: string;
  creditNote: string | null;
}

interface PaymentDialogProps {
  invoice: InvoiceRecord;
  opened: boolean;
  onClose: () => void;
  /** `refund`: money back against one of the invoice's credit notes (billing_refund). */
  mode?: 'payment' | 'refund';
  onDone?: (invoice: InvoiceRecord) => void;
}

/** What a credit note can still refund: its amount not yet refunded, and no more than was paid. */
export function refundable(invoice: InvoiceRecord, creditNoteId: string | null): number {
  const note = invoice.creditNotes.find((c) => c._id === creditNoteId);
  return note ? Math.max(0, Math.min(note.amount - note.refundedAmount, invoice.paidTotal)) : 0;
}

/**
 * Takes a payment (or records a refund) on an issued invoice: cash into a cash box, or card / online through one of
 * the clinic's or company's payment methods, whose processing fee is shown. The amount is typed in major units.
 */
export function PaymentDialog({ invoice, opened, onClose, mode = 'payment', onDone }: PaymentDialogProps) {
  const { t, i18n } = useTranslation();
  const refund = mode === 'refund';
  const currency = invoice.currency;
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  const openNotes = invoice.creditNotes.filter((c) => c.amount > c.refundedAmount);
  const firstNote = openNotes[0]?._id ?? null;
  const start = refund ? refundable(invoice, firstNote) : Math.max(0, invoice.balanceDue);

  const schema = useMemo(() => {
    const toInput = (v: PaymentForm) => ({
      method: v.method, amount: toMinor(v.amount, currency) ?? undefined, reference: v.reference,
      cashBox: v.method === 'cash' ? v.cashBox : null, paymentMethod: v.method === 'cash' ? null : v.paymentMethod,
      ...(refund ? { creditNote: v.creditNote ?? undefined } : {}),
    });
    const base = refund ? refundInput : paymentInput;
    return z.preprocess((v) => toInput(v as PaymentForm), base).superRefine((v, ctx) => {
      const max = refund ? refundable(invoice, (v as RefundValues).creditNote) : invoice.balanceDue;
      if (v.amount > max) ctx.addIssue({ code: 'custom', path: ['amount'], message: t(refund ? 'finance.payment.overRefund' : 'finance.payment.overBalance', { amount: money(max) }) });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the invoice shown decides the limits
  }, [invoice, refund, currency]);

  const { form, serverError, onSubmit } = useSchemaForm<PaymentForm, PaymentValues | RefundValues>({
    schema,
    defaultValues: { method: 'cash', amount: start > 0 ? toMajor(start, currency) : '', cashBox: null, paymentMethod: null, reference: '', creditNote: firstNote },
  });
  const { control, formState } = form;
  const method = useWatch({ control, name: 'method' });
  const amount = useWatch({ control, name: 'amount' });
  const chosenMethod = useWatch({ control, name: 'paymentMethod' });
  const boxes = useCashBoxes({}, opened);
  const usable = (boxes.data ?? []).filter((b) => b.isActive && (!b.clinic || b.clinic._id === invoice.clinic._id));
  const boxData = usable
    // A refund takes cash out: each box shows what it holds (the server refuses more than that).
    .map((b) => ({
      value: b._id,
      label: `${b.name} · ${b.clinic ? b.clinic.name : t('finance.cashBoxes.company')}${refund ? ` · ${formatMoney(b.balance, b.currency, i18n.language)}` : ''}`,
    }));
  const methods = usePaymentMethods(opened ? invoice.clinic._id : null);
  // Where there is one obvious choice it is made: the clinic's own cash box when it has one (the company's boxes stay
  // offered), else the only box; the only card or online method.
  const clinicBoxes = usable.filter((b) => b.clinic);
  const onlyBox = clinicBoxes.length === 1 ? clinicBoxes[0]!._id : usable.length === 1 ? usable[0]!._id : null;
  const onlyMethod = methods.length === 1 ? methods[0]!.name : null;
  // Made once per opening, into an empty field: a choice cleared by hand stays cleared.
  const preset = useRef({ cashBox: false, paymentMethod: false });
  useEffect(() => {
    if (!opened) preset.current = { cashBox: false, paymentMethod: false };
  }, [opened]);
  useEffect(() => {
    for (const [name, value] of [['cashBox', onlyBox], ['paymentMethod', onlyMethod]] as const) {
      if (!opened || !value || preset.current[name]) continue;
      preset.current[name] = true;
      if (!form.getValues(name)) form.setValue(name, value);
    }
  }, [opened, onlyBox, onlyMethod, form]);
  const fee = methods.find((m) => m.name === chosenMethod);
  const feeAmount = fee ? Math.round(((toMinor(amount, currency) ?? 0) * fee.fee) / 100) : 0;
  const take = useTakePayment();
  const back = useRefund();

  const send = async (values: PaymentValues | RefundValues) => {
    const result = refund
      ? await back.mutateAsync({ id: invoice._id, input: values as RefundValues })
      : await take.mutateAsync({ id: invoice._id, input: values as PaymentValues });
    onDone?.(result.data);
    onClose();
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t(refund ? 'finance.payment.refundTitle' : 'finance.payment.title')}
      size="md"
      data-testid={refund ? 'refund-form' : 'payment-form'}
      onSubmit={onSubmit(send)}
      serverError={serverError}
      serverErrorTestId="payment-error"
      submitLabel={t(refund ? 'finance.payment.refundSubmit' : 'finance.payment.submit')}
      pending={formState.isSubmitting}
      submitTestId="payment-submit"
    >
      <Text size="sm" fw={600} data-testid="payment-due">
        {invoice.displayNumber} · {t('finance.payment.due', { amount: money(invoice.balanceDue) })}
      </Text>
      {refund && (
        <SelectField
          control={control}
          name="creditNote"
          label={t('finance.payment.creditNote')}
          placeholder={t('finance.payment.creditNotePlaceholder')}
          data={openNotes.map((c) => ({ value: c._id, label: `${c.displayNumber} · ${money(c.amount - c.refundedAmount)}` }))}
          required
          emptyValue={null}
          testId="refund-credit-note"
        />
      )}
      <Controller
        control={control}
        name="method"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="payment-method-label">{t('finance.payment.method')}</Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="payment-method-label"
              value={field.value}
              onChange={field.onChange}
              data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`billing.method.${m}`) }))}
              data-testid="payment-method"
            />
          </Stack>
        )}
      />
      <NumberField control={control} name="amount" label={t('finance.payment.amount')} min={0} allowDecimal decimalScale={3} rightSection={currencySymbol(currency, i18n.language)} rightSectionWidth={56} required testId="payment-amount" />
      {method === 'cash' ? (
        <SelectField
          control={control}
          name="cashBox"
          label={t('finance.payment.cashBox')}
          placeholder={t('finance.payment.cashBoxPlaceholder')}
          data={boxData}
          required
          emptyValue={null}
          nothingFoundMessage={t('finance.payment.noCashBoxes')}
          description={boxes.isSuccess && boxData.length === 0 ? t('finance.payment.noCashBoxes') : undefined}
          testId="payment-cash-box"
        />
      ) : (
        <SelectField
          control={control}
          name="paymentMethod"
          label={t('finance.payment.paymentMethod')}
          placeholder={t('finance.payment.paymentMethodPlaceholder')}
          data={methods.map((m) => ({ value: m.name, label: m.name }))}
          required
          emptyValue={null}
          nothingFoundMessage={t('finance.payment.noPaymentMethods')}
          description={fee ? t('finance.payment.feeHint', { percent: fee.fee, amount: money(feeAmount) }) : undefined}
          testId="payment-online-method"
        />
      )}
      <TextField control={control} name="reference" label={t('finance.payment.reference')} placeholder={t('finance.payment.referencePlaceholder')} testId="payment-reference" />
    </FormDialog>
  );
}
