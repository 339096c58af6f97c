import { Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { cashBoxCloseInput, type CashBoxCloseValues, type CashBoxSummary } from '@clinic/shared';
import { NumberField, TextAreaField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useCloseCashBox } from '../api/cash-boxes';
import { formatMoney, toMinor } from './money';

interface CloseForm {
  counted: number | string;
  note: string;
}

/** The day's close of a cash box: the cash counted against the balance expected, and the difference. */
export function CashBoxCloseDialog({ box, opened, onClose }: { box: CashBoxSummary; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, box.currency, i18n.language);
  const schema = z.preprocess((v) => ({ counted: toMinor((v as CloseForm).counted, box.currency) ?? undefined, note: (v as CloseForm).note }), cashBoxCloseInput);
  const { form, serverError, onSubmit } = useSchemaForm<CloseForm, CashBoxCloseValues>({ schema, defaultValues: { counted: '', note: '' } });
  const counted = toMinor(useWatch({ control: form.control, name: 'counted' }), box.currency);
  const close = useCloseCashBox();
  const difference = counted === null ? null : counted - box.balance;
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
      pending={form.formState.isSubmitting}
      submitTestId="close-submit"
    >
      <Text size="sm" fw={600} data-testid="close-expected">{t('finance.cashBoxes.closeExpected', { amount: money(box.balance) })}</Text>
      <NumberField control={form.control} name="counted" label={t('finance.cashBoxes.closeCounted')} min={0} allowDecimal decimalScale={3} rightSection={box.currency} rightSectionWidth={48} required testId="close-counted" />
      {difference !== null && (
        <Text size="sm" c={difference === 0 ? 'teal' : 'red'} data-testid="close-difference">
          {t('finance.cashBoxes.closeDifference', { amount: money(difference) })}
        </Text>
      )}
      <TextAreaField control={form.control} name="note" label={t('finance.cashBoxes.closeNote')} testId="close-note" />
    </FormDialog>
  );
}
