import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DOCTOR_SHARE_PAYOUT_METHODS, doctorSharePayoutInput, type DoctorSharePayoutValues, type DoctorShareStatement } from '@clinic/shared';
import { NumberField, SegmentedField, TextAreaField, TextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { formatDayRange } from '@/lib/dates';
import { formatMoney, toMajor, toMinor } from '@/features/billing';
import { useRecordSharePayout } from '../api/doctor-shares';

type Method = (typeof DOCTOR_SHARE_PAYOUT_METHODS)[number];

interface PayoutForm {
  amount: number | string;
  method: Method;
  reference: string;
  note: string;
}

/** Money paid to the doctor against the statement's period: at most its balance, prefilled with it. */
export function PayoutDialog({ statement, opened, onClose }: { statement: DoctorShareStatement; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { currency } = statement;
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  const record = useRecordSharePayout();
  const schema = useMemo(() => z.preprocess((raw) => {
    const v = raw as PayoutForm;
    return { doctor: statement.doctor._id, from: statement.from, to: statement.to, amount: toMinor(v.amount, currency) ?? undefined, method: v.method, reference: v.reference, note: v.note };
  }, doctorSharePayoutInput).superRefine((v, ctx) => {
    if (v.amount > statement.balance) ctx.addIssue({ code: 'custom', path: ['amount'], message: t('doctorShares.payouts.overBalance', { amount: money(statement.balance) }) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the statement shown decides the limit
  }), [statement]);
  const { form, serverError, onSubmit } = useSchemaForm<PayoutForm, DoctorSharePayoutValues>({
    schema,
    defaultValues: { amount: statement.balance > 0 ? toMajor(statement.balance, currency) : '', method: 'cash', reference: '', note: '' },
  });
  const { control, formState } = form;
  const send = async (values: DoctorSharePayoutValues) => {
    await record.mutateAsync(values);
    onClose();
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('doctorShares.payouts.record')}
      size="md"
      data-testid="share-payout-form"
      onSubmit={onSubmit(send)}
      serverError={serverError}
      serverErrorTestId="share-payout-error"
      submitLabel={t('doctorShares.payouts.submit')}
      pending={formState.isSubmitting}
      submitTestId="share-payout-submit"
    >
      <Text size="sm" fw={600} data-testid="share-payout-due">
        <bdi>{statement.doctor.name}</bdi> · {formatDayRange(statement.from, statement.to, i18n.language)} · {t('doctorShares.payouts.left', { amount: money(statement.balance) })}
      </Text>
      <NumberField control={control} name="amount" label={t('doctorShares.payouts.amount', { currency })} allowDecimal decimalScale={3} min={0} required testId="share-payout-amount" />
      <SegmentedField
        control={control}
        name="method"
        label={t('doctorShares.payouts.method')}
        required
        data={DOCTOR_SHARE_PAYOUT_METHODS.map((m) => ({ value: m, label: t(`doctorShares.methods.${m}`) }))}
        testId="share-payout-method"
      />
      <TextField control={control} name="reference" label={t('doctorShares.payouts.reference')} testId="share-payout-reference" />
      <TextAreaField control={control} name="note" label={t('doctorShares.payouts.note')} testId="share-payout-note" />
    </FormDialog>
  );
}
