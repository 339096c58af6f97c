import { MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { serviceCreateInput, type ServiceCreate } from '@clinic/shared';
import { translateMessage } from '@/lib/http';
import { submitWithFieldErrors } from '@/components/form/submit-with-field-errors';
import { FormActions } from '@/components/form/form-actions';
import { NumberField, SelectField, SwitchField, TextAreaField, TextField } from '@/components/form/fields';
import { useSchemaForm } from '@/components/form/use-schema-form';
import type { ClinicOption, DoctorOption } from '../api/get-service-options';

export interface ServiceFormValues {
  name: string;
  description: string;
  price: number | string;
  durationMinutes: number | string | null;
  /** Preparation and cleaning minutes around each visit (they block the doctor too). */
  bufferBeforeMinutes?: number | string;
  bufferAfterMinutes?: number | string;
  clinic: string | null;
  doctors: string[];
  isActive: boolean;
}

export const emptyServiceForm: ServiceFormValues = { name: '', description: '', price: '', durationMinutes: '', clinic: null, doctors: [], isActive: true };

interface ServiceFormProps {
  defaultValues: ServiceFormValues;
  clinics: readonly ClinicOption[];
  doctors: readonly DoctorOption[];
  submitLabel: string;
  /** Sends the validated form; a rejected promise with field errors puts them on the fields. */
  onSubmit: (values: ServiceCreate) => Promise<unknown>;
  onCancel: () => void;
}

/** Name, description, price, duration, clinic and the doctors who provide the service (all but duration required). */
export function ServiceForm({ defaultValues, clinics, doctors, submitLabel, onSubmit, onCancel }: ServiceFormProps) {
  const { t } = useTranslation();
  const { form } = useSchemaForm<ServiceFormValues, ServiceCreate>({ schema: serviceCreateInput, defaultValues });
  const { control, handleSubmit, setError, getValues, setValue, formState: { errors, isSubmitting } } = form;
  const clinic = useWatch({ control, name: 'clinic' });
  const selectedDoctors = useWatch({ control, name: 'doctors' });
  const err = (key: keyof ServiceFormValues) => translateMessage(errors[key]?.message);

  // Only the doctors who work at the chosen clinic: they are the ones who can take its appointments. A doctor already
  // on the service who does not (a service saved before) stays listed, marked, until removed.
  const worksAt = (doctorId: string, clinicId: string | null) =>
    Boolean(clinicId && doctors.find((d) => d._id === doctorId)?.clinics?.some((c) => c._id === clinicId));
  const doctorData = clinic
    ? doctors
        .filter((d) => worksAt(d._id, clinic) || selectedDoctors.includes(d._id))
        .map((d) => ({ value: d._id, label: worksAt(d._id, clinic) ? d.name : t('services.form.notAtClinic', { name: d.name }) }))
    : [];
  const noneAtClinic = Boolean(clinic) && !doctors.some((d) => worksAt(d._id, clinic));

  const submit = submitWithFieldErrors(handleSubmit, setError, onSubmit);

  const field = { control, required: true } as const;

  return (
    <form onSubmit={submit} noValidate data-testid="service-form">
      <Stack gap="md">
        <TextField {...field} name="name" label={t('services.form.name')} placeholder={t('services.form.namePlaceholder')} testId="service-name" />
        <TextAreaField {...field} name="description" label={t('services.form.description')} placeholder={t('services.form.descriptionPlaceholder')} minRows={3} testId="service-description" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberField
            {...field}
            name="price"
            label={t('services.form.price')}
            placeholder="0.00"
            min={0}
            allowDecimal
            decimalScale={2}
            thousandSeparator=","
            rightSection={t('services.currency')}
            rightSectionWidth={52}
            testId="service-price"
          />
          <NumberField
            control={control}
            name="durationMinutes"
            label={t('services.form.duration')}
            placeholder={t('services.form.durationPlaceholder')}
            description={t('services.form.durationHint')}
            min={5}
            max={480}
            step={5}
            emptyValue={null}
            testId="service-duration"
          />
          {(['bufferBeforeMinutes', 'bufferAfterMinutes'] as const).map((name) => (
            <NumberField
              key={name}
              control={control}
              name={name}
              label={t(name === 'bufferBeforeMinutes' ? 'series.bufferBefore' : 'series.bufferAfter')}
              description={t('series.bufferHint')}
              min={0}
              max={240}
              step={5}
              emptyValue={0}
              testId={`service-${name}`}
            />
          ))}
        </SimpleGrid>
        <SelectField
          {...field}
          name="clinic"
          label={t('services.form.clinic')}
          placeholder={t('services.form.clinicPlaceholder')}
          data={clinics.map((c) => ({ value: c._id, label: c.name }))}
          emptyValue={null}
          onValueChange={(next) => {
            // A doctor chosen for the previous clinic who does not work at this one leaves the list.
            const kept = getValues('doctors').filter((id) => worksAt(id, next || null));
            if (kept.length !== getValues('doctors').length) setValue('doctors', kept, { shouldValidate: true });
          }}
          searchable
          nothingFoundMessage={t('services.form.noClinics')}
          testId="service-clinic"
        />
        <Controller
          control={control}
          name="doctors"
          render={({ field }) => (
            <MultiSelect
              label={t('services.form.doctors')}
              placeholder={field.value.length ? undefined : clinic ? t('services.form.doctorsPlaceholder') : t('services.form.chooseClinicFirst')}
              description={noneAtClinic ? undefined : t('services.form.doctorsHint')}
              data={doctorData}
              disabled={!clinic && !field.value.length}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              withAsterisk
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage={noneAtClinic ? t('services.form.noDoctorsAtClinic') : t('services.form.noDoctors')}
              error={err('doctors') ?? (noneAtClinic ? t('services.form.noDoctorsAtClinic') : undefined)}
              comboboxProps={{ withinPortal: true }}
              data-testid="service-doctors"
            />
          )}
        />
        <SwitchField control={control} name="isActive" label={t('services.form.isActive')} description={t('services.form.isActiveHint')} testId="service-active" />
        <FormActions submitLabel={submitLabel} pending={isSubmitting} onCancel={onCancel} submitTestId="service-submit" sticky={false} />
      </Stack>
    </form>
  );
}
