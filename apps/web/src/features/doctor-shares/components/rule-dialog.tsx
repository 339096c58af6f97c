import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DOCTOR_SHARE_RULE_KINDS, doctorShareRuleInput, type DoctorShareRuleKind, type DoctorShareRuleValues } from '@clinic/shared';
import { EditableTable } from '@/components/form/editable-table';
import { DateField, todayIso } from '@/components/form/date-time-fields';
import { NumberField, SegmentedField, SelectField, TextAreaField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useLookupOptions } from '@/lib/lookups/lookups';
import { toMinor } from '@/features/billing';
import { useCreateShareRule } from '../api/doctor-shares';

interface RuleForm {
  service: string | null;
  kind: DoctorShareRuleKind;
  percent: number | string;
  fixedAmount: number | string;
  tiers: Array<{ fromVisit: number | string; percent: number | string }>;
  effectiveFrom: string;
  note: string;
}

interface RuleDialogProps {
  doctor: { _id: string; name: string };
  currency: string;
  opened: boolean;
  onClose: () => void;
}

const blank = (v: number | string) => (v === '' ? undefined : v);

/**
 * A new share rule for the doctor: a percentage of the net amount, a fixed amount per unit (typed in major units of
 * the company's currency) or tiers by the month's visits; for one service or all of them, from today or later.
 */
export function RuleDialog({ doctor, currency, opened, onClose }: RuleDialogProps) {
  const { t } = useTranslation();
  const services = useLookupOptions('services', {}, { enabled: opened });
  const create = useCreateShareRule();
  const schema = useMemo(() => z.preprocess((raw) => {
    const v = raw as RuleForm;
    return {
      doctor: doctor._id, service: v.service || null, kind: v.kind, effectiveFrom: v.effectiveFrom, note: v.note,
      ...(v.kind === 'percent' ? { percent: blank(v.percent) } : {}),
      ...(v.kind === 'fixed' ? { fixedAmount: toMinor(v.fixedAmount, currency) ?? undefined } : {}),
      ...(v.kind === 'tiers' ? { tiers: v.tiers.map((tier) => ({ fromVisit: blank(tier.fromVisit), percent: blank(tier.percent) })) } : {}),
    };
  }, doctorShareRuleInput), [doctor._id, currency]);
  const { form, serverError, onSubmit } = useSchemaForm<RuleForm, DoctorShareRuleValues>({
    schema,
    defaultValues: { service: null, kind: 'percent', percent: '', fixedAmount: '', tiers: [{ fromVisit: 1, percent: '' }], effectiveFrom: todayIso(), note: '' },
  });
  const { control, formState } = form;
  const kind = useWatch({ control, name: 'kind' });
  const send = async (values: DoctorShareRuleValues) => {
    await create.mutateAsync(values);
    form.reset();
    onClose();
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('doctorShares.form.title', { name: doctor.name })}
      size="lg"
      data-testid="share-rule-form"
      onSubmit={onSubmit(send)}
      serverError={serverError}
      serverErrorTestId="share-rule-error"
      submitLabel={t('doctorShares.form.submit')}
      pending={formState.isSubmitting}
      submitTestId="share-rule-submit"
    >
      <SelectField
        control={control}
        name="service"
        emptyValue={null}
        label={t('doctorShares.form.service')}
        placeholder={t('doctorShares.rules.allServices')}
        description={t('doctorShares.form.serviceHint')}
        data={services.data ?? []}
        searchable
        clearable
        testId="share-rule-service"
      />
      <SegmentedField
        control={control}
        name="kind"
        label={t('doctorShares.form.kind')}
        required
        data={DOCTOR_SHARE_RULE_KINDS.map((k) => ({ value: k, label: t(`doctorShares.kinds.${k}`) }))}
        testId="share-rule-kind"
      />
      {kind === 'percent' && (
        <NumberField control={control} name="percent" label={t('doctorShares.form.percent')} allowDecimal decimalScale={2} min={0} max={100} suffix=" %" required testId="share-rule-percent" />
      )}
      {kind === 'fixed' && (
        <NumberField control={control} name="fixedAmount" label={t('doctorShares.form.fixedAmount', { currency })} description={t('doctorShares.form.fixedHint')} allowDecimal decimalScale={3} min={0} required testId="share-rule-amount" />
      )}
      {kind === 'tiers' && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('doctorShares.form.tiers')}</Text>
          <EditableTable
            control={control}
            name="tiers"
            description={t('doctorShares.form.tiersHint')}
            columns={[
              { key: 'fromVisit', label: t('doctorShares.form.tierFrom'), kind: 'number', required: true, min: 1, width: 140 },
              { key: 'percent', label: t('doctorShares.form.tierPercent'), kind: 'number', required: true, min: 0, max: 100, width: 140 },
            ]}
            newRow={() => ({ fromVisit: '', percent: '' })}
            addLabel={t('doctorShares.form.addTier')}
            emptyText={t('doctorShares.form.noTiers')}
            data-testid="share-rule-tiers"
          />
        </Stack>
      )}
      <DateField control={control} name="effectiveFrom" label={t('doctorShares.form.effectiveFrom')} description={t('doctorShares.form.effectiveHint')} minDate={todayIso()} clearable={false} required testId="share-rule-from" />
      <TextAreaField control={control} name="note" label={t('doctorShares.form.note')} testId="share-rule-note" />
    </FormDialog>
  );
}
