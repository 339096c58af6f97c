import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { InvoiceCreate } from '@clinic/shared';
import { DateField, SelectField, SwitchField, TextAreaField } from '@/components/form/fields';
import { FormActions } from '@/components/form/form-actions';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { toSelectOptions } from '@/lib/lookups';
import { useClinicOptions, useClinicServices, useDoctorOptions } from '../api/options';
import { invoiceFormSchema, toInvoiceInput, type InvoiceFormValues } from './invoice-form-values';
import { InvoiceLinesField } from './invoice-lines-field';
import { formatMoney, toMinor } from './money';
import { PatientSelectField } from './patient-select';

interface InvoiceFormProps {
  defaultValues: InvoiceFormValues;
  currency: string;
  /** The company's VAT rate, for the estimate under the lines (the server computes the invoice). */
  vatRateBasisPoints: number;
  /** Editing a draft: its patient and clinic stay. */
  editing?: { patient: { _id: string; name: string } };
  submitLabel: string;
  onSubmit: (values: InvoiceCreate) => Promise<unknown>;
  onCancel: () => void;
}

/** A draft invoice: patient, clinic, doctor, visit date, lines, insurance on or off, note. */
export function InvoiceForm({ defaultValues, currency, vatRateBasisPoints, editing, submitLabel, onSubmit, onCancel }: InvoiceFormProps) {
  const { t, i18n } = useTranslation();
  const { form, serverError, onSubmit: submitWith } = useSchemaForm<InvoiceFormValues, InvoiceCreate>({ schema: invoiceFormSchema(currency), defaultValues });
  const { control, setValue, formState } = form;
  const clinic = useWatch({ control, name: 'clinic' });
  const values = useWatch({ control }) as InvoiceFormValues;
  const clinics = useClinicOptions();
  const doctors = useDoctorOptions();
  const services = useClinicServices(clinic);
  const serviceRows = services.data ?? [];

  // The estimate: each line's net (a service line without a price takes the service's), VAT on the sum.
  const input = toInvoiceInput(values, currency) as { lines: Array<{ service: string | null; quantity?: number; unitPrice?: number; discount: number }> };
  const net = input.lines.reduce((sum, l) => {
    const price = l.unitPrice ?? toMinor(serviceRows.find((s) => s._id === l.service)?.price ?? 0, currency) ?? 0;
    return sum + Math.max(0, price * (l.quantity ?? 0) - l.discount);
  }, 0);
  const tax = Math.round((net * vatRateBasisPoints) / 10_000);
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);

  return (
    <form onSubmit={submitWith(onSubmit)} noValidate data-testid="invoice-form">
      <Stack gap="md">
        <Card>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PatientSelectField control={control} name="patient" label={t('finance.form.patient')} required known={editing?.patient} disabled={Boolean(editing)} testId="invoice-patient" />
              <SelectField
                control={control}
                name="clinic"
                label={t('finance.form.clinic')}
                placeholder={t('finance.form.clinicPlaceholder')}
                data={toSelectOptions(clinics.data ?? [])}
                required
                searchable
                emptyValue={null}
                disabled={Boolean(editing)}
                onValueChange={() => form.getValues('lines').forEach((l, i) => l.kind === 'service' && setValue(`lines.${i}.service`, null))}
                testId="invoice-clinic"
              />
              <SelectField control={control} name="doctor" label={t('finance.form.doctor')} placeholder={t('finance.form.doctorPlaceholder')} data={toSelectOptions(doctors.data ?? [])} searchable clearable emptyValue={null} testId="invoice-doctor" />
              <DateField control={control} name="visitDate" label={t('finance.form.visitDate')} description={t('finance.form.visitDateHint')} testId="invoice-visit-date" />
            </SimpleGrid>
            <SwitchField control={control} name="applyInsurance" label={t('finance.form.applyInsurance')} description={t('finance.form.applyInsuranceHint')} testId="invoice-apply-insurance" />
          </Stack>
        </Card>
        <Card>
          <Stack gap="sm">
            <Text fw={600}>{t('finance.form.lines')}</Text>
            {!clinic && <Text size="sm" c="dimmed">{t('finance.form.chooseClinicFirst')}</Text>}
            <InvoiceLinesField control={control} setValue={setValue} services={serviceRows} currency={currency} error={formState.errors.lines?.message ?? formState.errors.lines?.root?.message} />
            <Group justify="flex-end" gap="lg" data-testid="invoice-estimate">
              <Text size="sm" c="dimmed">{t('finance.form.estimateNet', { amount: money(net) })}</Text>
              <Text size="sm" c="dimmed">{t('finance.form.estimateTax', { amount: money(tax), rate: vatRateBasisPoints / 100 })}</Text>
              <Text size="sm" fw={700}>{t('finance.form.estimateTotal', { amount: money(net + tax) })}</Text>
            </Group>
          </Stack>
        </Card>
        <Card>
          <TextAreaField control={control} name="note" label={t('finance.form.note')} testId="invoice-note" />
        </Card>
        <FormMessage message={serverError} />
        <FormActions submitLabel={submitLabel} pending={formState.isSubmitting} onCancel={onCancel} submitTestId="invoice-submit" />
      </Stack>
    </form>
  );
}
