import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { InvoiceCreate } from '@clinic/shared';
import { DateField, SelectField, SwitchField, TextAreaField } from '@/components/form/fields';
import { FormActions } from '@/components/form/form-actions';
import { PatientSelectField } from '@/components/patient-select';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { toSelectOptions } from '@/lib/lookups';
import { useClinicOptions, useClinicServices, useDoctorOptions } from '../api/options';
import { InvoiceEstimate } from './invoice-estimate';
import { invoiceFormSchema, type InvoiceFormValues } from './invoice-form-values';
import { InvoiceLinesField } from './invoice-lines-field';

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
  const { t } = useTranslation();
  const { form, serverError, onSubmit: submitWith } = useSchemaForm<InvoiceFormValues, InvoiceCreate>({ schema: invoiceFormSchema(currency), defaultValues });
  const { control, setValue, formState } = form;
  const clinic = useWatch({ control, name: 'clinic' });
  const clinics = useClinicOptions();
  const doctors = useDoctorOptions();
  const services = useClinicServices(clinic);
  const serviceRows = services.data ?? [];

  return (
    <form onSubmit={submitWith(onSubmit)} noValidate data-testid="invoice-form">
      <Stack gap="md">
        <Card>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PatientSelectField
                control={control}
                name="patient"
                label={t('finance.form.patient')}
                placeholder={t('finance.form.patientPlaceholder')}
                nothingFoundMessage={t('finance.form.noPatients')}
                required
                known={editing?.patient}
                disabled={Boolean(editing)}
                testId="invoice-patient"
              />
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
            <InvoiceEstimate control={control} services={serviceRows} currency={currency} vatRateBasisPoints={vatRateBasisPoints} />
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
