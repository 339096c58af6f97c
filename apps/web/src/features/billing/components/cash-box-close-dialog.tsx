import { Alert, Checkbox, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { cashBoxCloseInput, type CashBoxCloseValues, type CashBoxSummary } from '@clinic/shared';
import { NumberField, TextAreaField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useCloseCashBox } from '../api/cash-boxes';
import { currencySymbol, formatMoney, toMinor } from './money';

interface CloseForm {
  counted: number | string;
  note: string;
  confirmed: boolean;
}

/**
 * What the close sends, from the form: a counted amount that differs from the expected one needs a reason and the
 * user's explicit confirmation of the difference before the day is closed.
 */
function closeSchema(box: CashBoxSummary) {
  return z.preprocess(
    (v) => ({ ...(v as CloseForm), counted: toMinor((v as CloseForm).counted, box.currency) ?? undefined }),
    cashBoxCloseInput.extend({ confirmed: z.boolean().optional() }).superRefine((v, ctx) => {
      if (v.counted === box.balance) return;
      if (!v.note.trim()) ctx.addIssue({ code: 'custom', path: ['note'], message: 'validation.billing.closeReasonRequired' });
      if (!v.confirmed) ctx.addIssue({ code: 'custom', path: ['confirmed'], message: 'validation.billing.closeConfirmRequired' });
    }).transform(({ counted, note }) => ({ counted, note })),
  );
}

/** The day's close of a cash box: the cash counted against the balance expected, and the difference. */
export function CashBoxCloseDialog({ box, opened, onClose }: { box: CashBoxSummary; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, box.currency, i18n.language);
  const { form, serverError, onSubmit } = useSchemaForm<CloseForm, CashBoxCloseValues>({ schema: closeSchema(box), defaultValues: { counted: '', note: '', confirmed: false } });
  const counted = toMinor(useWatch({ control: form.control, name: 'counted' }), box.currency);
  const close = useCloseCashBox();
  const difference = counted === null ? null : counted - box.balance;
  const confirmError = form.formState.errors.confirmed?.message;
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('finance.cashBoxes.closeTitle', { name: box.name })}
      data-testid="cash-box-close-form"
      onSubmit={onSubmit(async (input) => {
        await close.mutateAsync({ id: box._id, input });
        onClose();
      })}
      serverError={serverError}
      submitLabel={t('finance.cashBoxes.closeSubmit')}
      submitColor={difference ? 'red' : undefined}
      pending={form.formState.isSubmitting}
      submitTestId="close-submit"
    >
      <Text size="sm" fw={600} data-testid="close-expected">{t('finance.cashBoxes.closeExpected', { amount: money(box.balance) })}</Text>
      <NumberField control={form.control} name="counted" label={t('finance.cashBoxes.closeCounted')} min={0} allowDecimal decimalScale={3} rightSection={currencySymbol(box.currency, i18n.language)} rightSectionWidth={56} required testId="close-counted" />
      {difference === 0 && <Text size="sm" c="teal" data-testid="close-difference">{t('finance.cashBoxes.closeMatches')}</Text>}
      {difference !== null && difference !== 0 && (
        <Alert color={difference < 0 ? 'red' : 'orange'} icon={<IconAlertTriangle size={18} />} p="sm" data-testid="close-difference" role="alert">
          {t(difference < 0 ? 'finance.cashBoxes.closeShortfall' : 'finance.cashBoxes.closeSurplus', {
            counted: money(counted ?? 0), expected: money(box.balance), amount: money(Math.abs(difference)),
          })}
        </Alert>
      )}
      <TextAreaField
        control={form.control}
        name="note"
        label={t(difference ? 'finance.cashBoxes.closeReason' : 'finance.cashBoxes.closeNote')}
        required={Boolean(difference)}
        testId="close-note"
      />
      {Boolean(difference) && (
        <Checkbox
          {...form.register('confirmed')}
          label={t('finance.cashBoxes.closeConfirm')}
          error={confirmError ? t(confirmError) : undefined}
          data-testid="close-confirm"
        />
      )}
    </FormDialog>
  );
}
