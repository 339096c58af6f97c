import { SimpleGrid, Stack } from '@mantine/core';
import { IconCalendarOff, IconClock, IconId, IconInfoCircle, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { complexInput, WEEK_DAYS, type ComplexInput, type ComplexRecord, type ComplexValues } from '@clinic/shared';
import { EditableTable } from '@/components/form/editable-table';
import { DateField, MultiSelectField, SelectField, SwitchField, TextAreaField, TextField } from '@/components/form/fields';
import { FormActions } from '@/components/form/form-actions';
import { FormSection } from '@/components/form/form-section';
import { MapField } from '@/components/form/map-field';
import { submitWithFieldErrors } from '@/components/form/submit-with-field-errors';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { WorkingHoursField, daysToRows, rowIndexOf, rowsToDays } from '@/components/form/working-hours-field';
import { contactColumns, holidayColumns, newContact, newHoliday, usePersonOptions, useSpecializationOptions } from '@/features/organisation';

type WorkingDays = ComplexInput['workingDays'];

export function emptyComplex(overrides: Partial<ComplexInput> = {}): ComplexInput {
  return {
    name: '', isActive: true, PIC: '', phone: '', email: '', website: '', country: '', stateProvince: '', zipCode: '', address: '',
    yearOfEstablishment: '', overview: '', policies: '', vision: '', goals: '', details: '', logo: '',
    contactInfos: [], holidays: [],
    workingDays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => ({ day: day as 'Sunday', startTime: '08:00', endTime: '22:00' })),
    bankAccount: [], insuranceCompany: [], cashBoxes: [], onlinePaymentMethods: [], commercialRecord: null,
    locationGoogl: { x: '', y: '' }, specializations: [],
    ...overrides,
  };
}

export function complexFormValues(c: ComplexRecord): ComplexInput {
  return emptyComplex({
    name: c.name, isActive: c.isActive, PIC: c.PIC?._id ?? '', phone: c.phone ?? '', email: c.email ?? '', website: c.website ?? '',
    country: c.country ?? '', stateProvince: c.stateProvince ?? '', zipCode: c.zipCode ?? '', address: c.address ?? '',
    yearOfEstablishment: c.yearOfEstablishment ?? '', overview: c.overview ?? '', policies: c.policies ?? '', vision: c.vision ?? '',
    goals: c.goals ?? '', details: c.details ?? '', logo: c.logo ?? '',
    contactInfos: c.contactInfos as ComplexInput['contactInfos'], holidays: c.holidays, workingDays: c.workingDays,
    bankAccount: c.bankAccount as ComplexInput['bankAccount'], insuranceCompany: c.insuranceCompany as ComplexInput['insuranceCompany'],
    cashBoxes: c.cashBoxes as ComplexInput['cashBoxes'], onlinePaymentMethods: c.onlinePaymentMethods as ComplexInput['onlinePaymentMethods'],
    commercialRecord: c.commercialRecord, locationGoogl: c.locationGoogl ?? { x: '', y: '' },
    specializations: c.specializationIds,
  });
}

interface ComplexFormProps {
  defaultValues: ComplexInput;
  submitLabel: string;
  onSubmit: (values: ComplexValues) => Promise<unknown>;
  onCancel?: () => void;
}

export function ComplexForm({ defaultValues, submitLabel, onSubmit, onCancel }: ComplexFormProps) {
  const { t } = useTranslation();
  const people = usePersonOptions();
  const specialities = useSpecializationOptions();
  const { form } = useSchemaForm<ComplexInput, ComplexValues>({ schema: complexInput, defaultValues });
  const { control, handleSubmit, setError, formState: { isSubmitting } } = form;
  const f = (key: string) => t(`organisation.fields.${key}`);

  const submit = submitWithFieldErrors(handleSubmit, setError, onSubmit);

  return (
    <form onSubmit={submit} noValidate data-testid="complex-form">
      <Stack gap="lg">
        <FormSection icon={<IconId size={20} />} title={t('medicalComplexes.form.general')} description={t('medicalComplexes.form.generalHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField control={control} name="name" label={t('medicalComplexes.form.name')} required testId="complex-name" />
            <SelectField control={control} name="PIC" label={f('pic')} placeholder={f('picPlaceholder')} required data={people.data ?? []} searchable nothingFoundMessage={t('organisation.noPeople')} testId="complex-pic" />
            <TextField control={control} name="phone" label={f('phone')} type="tel" required testId="complex-phone" />
            <TextField control={control} name="email" label={f('email')} type="email" required testId="complex-email" />
            <TextField control={control} name="website" label={f('website')} type="url" placeholder="https://" testId="complex-website" />
            <DateField control={control} name="yearOfEstablishment" label={f('yearOfEstablishment')} required past testId="complex-established" />
            <MultiSelectField clearable control={control} name="specializations" label={f('specializations')} placeholder={f('specializationsPlaceholder')} data={specialities.data ?? []} searchable nothingFoundMessage={t('organisation.noSpecialities')} testId="complex-specializations" />
            <TextField control={control} name="logo" label={f('logoUrl')} type="url" placeholder="https://" testId="complex-logo" />
          </SimpleGrid>
          <SwitchField control={control} name="isActive" label={f('active')} testId="complex-active" />
        </FormSection>

        <FormSection icon={<IconMapPin size={20} />} title={t('medicalComplexes.form.address')} description={t('medicalComplexes.form.addressHint')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextField control={control} name="country" label={f('country')} required testId="complex-country" />
            <TextField control={control} name="stateProvince" label={f('stateProvince')} testId="complex-state" />
            <TextField control={control} name="zipCode" label={f('zipCode')} testId="complex-zip" />
          </SimpleGrid>
          <TextField control={control} name="address" label={f('address')} required testId="complex-address" />
          <MapField control={control} name="locationGoogl" label={t('organisation.map.title')} required testId="complex-location" />
        </FormSection>

        <FormSection icon={<IconInfoCircle size={20} />} title={t('medicalComplexes.form.about')} description={t('medicalComplexes.form.aboutHint')}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextAreaField control={control} name="overview" label={f('overview')} required testId="complex-overview" />
            <TextAreaField control={control} name="policies" label={f('policies')} required testId="complex-policies" />
            <TextAreaField control={control} name="vision" label={f('vision')} required testId="complex-vision" />
            <TextAreaField control={control} name="goals" label={f('goals')} required testId="complex-goals" />
          </SimpleGrid>
          <TextAreaField control={control} name="details" label={f('details')} testId="complex-details" />
        </FormSection>

        <FormSection icon={<IconClock size={20} />} title={t('medicalComplexes.form.workingDays')} description={t('medicalComplexes.form.workingDaysHint')}>
          <WorkingHoursField
            control={control}
            name="workingDays"
            toDays={(rows: WorkingDays) => rowsToDays(rows ?? [], WEEK_DAYS)}
            fromDays={(days) => daysToRows<NonNullable<WorkingDays>[number]>(days)}
            slotPath={(rows: WorkingDays, day, slot, edge) => `workingDays.${rowIndexOf(rows ?? [], day, slot)}.${edge}`}
            defaultSlot={{ startTime: '08:00', endTime: '22:00' }}
            testId="complex-working-days"
          />
        </FormSection>

        <FormSection icon={<IconCalendarOff size={20} />} title={t('organisation.holidays.title')}>
          <EditableTable control={control} name="holidays" columns={holidayColumns(t)} newRow={newHoliday} addLabel={t('organisation.holidays.add')} emptyText={t('organisation.holidays.empty')} data-testid="complex-holidays" />
        </FormSection>

        <FormSection icon={<IconPhone size={20} />} title={t('organisation.contacts.title')} description={t('organisation.contacts.hint')}>
          <EditableTable control={control} name="contactInfos" columns={contactColumns(t)} newRow={() => newContact()} addLabel={t('organisation.contacts.add')} emptyText={t('organisation.contacts.empty')} data-testid="complex-contacts" />
        </FormSection>

        <FormActions submitLabel={submitLabel} pending={isSubmitting} onCancel={onCancel} submitTestId="complex-submit" />
      </Stack>
    </form>
  );
}
