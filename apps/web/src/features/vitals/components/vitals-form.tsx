import { Button, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { bmiOf, normaliseDigits, toCanonical, vitalsInput, type VitalsFormValues } from '@clinic/shared';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { formatNumber } from '@/lib/dates';
import { useRecordVitals } from '../api/vitals-api';

type Values = VitalsFormValues;
type NumberName = 'temperature' | 'pulse' | 'respiratoryRate' | 'systolic' | 'diastolic' | 'spo2' | 'painScore' | 'glucose' | 'height' | 'weight';
type UnitName = 'temperatureUnit' | 'glucoseUnit' | 'heightUnit' | 'weightUnit';

const EMPTY: Values = {
  temperature: '' as never, temperatureUnit: 'C', pulse: '' as never, respiratoryRate: '' as never, systolic: '' as never, diastolic: '' as never,
  spo2: '' as never, painScore: '' as never, glucose: '' as never, glucoseUnit: 'mmol/L', height: '' as never, heightUnit: 'cm', weight: '' as never, weightUnit: 'kg',
};

function Measure({ control, name, decimals, unit }: { control: Control<Values>; name: NumberName; decimals?: boolean; unit?: { name: UnitName; options: string[] } }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <NumberInput
            label={t(`vitals.names.${name}`)}
            value={(field.value as number | string | null | undefined) ?? ''}
            onChange={(v) => field.onChange(typeof v === 'string' ? normaliseDigits(v) : v)}
            onBlur={field.onBlur}
            ref={field.ref}
            allowDecimal={Boolean(decimals)}
            hideControls
            inputMode="decimal"
            rightSection={unit ? undefined : <Text size="xs" c="dimmed">{t(`vitals.units.${name}`)}</Text>}
            rightSectionWidth={unit ? undefined : 56}
            error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
            data-testid={`vitals-${name}`}
          />
        )}
      />
      {unit && (
        <Controller
          control={control}
          name={unit.name}
          render={({ field }) => (
            <SegmentedControl
              size="xs"
              value={field.value as string}
              onChange={field.onChange}
              data={unit.options.map((u) => ({ value: u, label: t(`vitals.unitLabels.${u.replace('/', '_')}`) }))}
              data-testid={`vitals-${unit.name}`}
            />
          )}
        />
      )}
    </Stack>
  );
}

/** BMI from what is typed, in the units chosen, as the server will store it. */
function LiveBmi({ control }: { control: Control<Values> }) {
  const { t, i18n } = useTranslation();
  const [height, heightUnit, weight, weightUnit] = useWatch({ control, name: ['height', 'heightUnit', 'weight', 'weightUnit'] });
  const h = typeof height === 'number' ? toCanonical('height', height, heightUnit ?? 'cm') : null;
  const w = typeof weight === 'number' ? toCanonical('weight', weight, weightUnit ?? 'kg') : null;
  const bmi = bmiOf(h, w);
  return (
    <TextInput label={t('vitals.names.bmi')} readOnly value={bmi === null ? '—' : formatNumber(bmi, i18n.language, { maximumFractionDigits: 1 })} rightSection={<Text size="xs" c="dimmed">{t('vitals.units.bmi')}</Text>} rightSectionWidth={56} data-testid="vitals-bmi" />
  );
}

/**
 * Quick keyboard entry of a set of vitals: Tab moves field to field, Enter saves; each convertible value takes its
 * unit (°C/°F, kg/lb, cm/in, mmol/L/mg/dL), BMI is computed as height and weight are typed, and a refused value shows
 * its message under its field.
 */
export function VitalsForm({ patientId, encounterId, onSaved }: { patientId: string; encounterId?: string; onSaved?: () => void }) {
  const { t } = useTranslation();
  const record = useRecordVitals(patientId);
  const { form, serverError, onSubmit } = useSchemaForm<Values, typeof vitalsInput._output>({ schema: vitalsInput, defaultValues: EMPTY, mode: 'onSubmit' });
  const { control } = form;
  const submit = onSubmit(async (values) => {
    await record.mutateAsync({ ...values, ...(encounterId ? { encounterId } : {}) });
    form.reset({ ...EMPTY, temperatureUnit: values.temperatureUnit, glucoseUnit: values.glucoseUnit, heightUnit: values.heightUnit, weightUnit: values.weightUnit });
    onSaved?.();
  });
  const rootError = form.formState.errors.root?.message ?? (form.formState.errors as Record<string, { message?: string }>)['']?.message;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="vitals-form">
      <Stack gap="sm">
        <SimpleGrid minColWidth="11rem" spacing="sm" verticalSpacing="xs">
          <Measure control={control} name="temperature" decimals unit={{ name: 'temperatureUnit', options: ['C', 'F'] }} />
          <Measure control={control} name="pulse" />
          <Measure control={control} name="respiratoryRate" />
          <Measure control={control} name="spo2" />
          <Measure control={control} name="systolic" />
          <Measure control={control} name="diastolic" />
          <Measure control={control} name="painScore" />
          <Measure control={control} name="glucose" decimals unit={{ name: 'glucoseUnit', options: ['mmol/L', 'mg/dL'] }} />
          <Measure control={control} name="height" decimals unit={{ name: 'heightUnit', options: ['cm', 'in'] }} />
          <Measure control={control} name="weight" decimals unit={{ name: 'weightUnit', options: ['kg', 'lb'] }} />
          <LiveBmi control={control} />
        </SimpleGrid>
        <FormMessage message={serverError ?? (rootError ? t(rootError) : null)} />
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending} data-testid="vitals-save">{t('vitals.form.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
