import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconBuildingBank, IconCalendarOff, IconClock, IconId, IconInfoCircle, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { clinicInput, planAllows, type ClinicInput, type ClinicValues, type Plan } from '@clinic/shared';
import { MapPicker } from '@/components/map-picker';
import { applyFieldErrors } from '@/lib/http';
import { useComplexOptions, useDepartmentOptions, usePersonOptions, useSpecialityOptions } from '@/features/organisation/api/get-options';
import { EditableTable } from '@/features/organisation/components/editable-table';
import { DateField, MultiSelectField, NumberField, SelectField, SwitchField, TextAreaField, TextField } from '@/features/organisation/components/fields';
import { messageAt } from '@/features/organisation/components/form-errors';
import { FormSection } from '@/features/organisation/components/form-section';
import {
  bankColumns, cashBoxColumns, contactColumns, holidayColumns, insuranceColumns, newBankAccount, newCashBox, newContact, newHoliday, newInsurance,
  newPaymentMethod, paymentColumns,
} from '@/features/organisation/components/row-columns';
import { WorkingHoursEditor, type WorkingHoursErrors } from '@/features/organisation/components/working-hours-editor';
import { timeZones } from '@/features/organisation/org-format';

const resolver = zodResolver(clinicInput) as unknown as Resolver<ClinicInput, unknown, ClinicValues>;
const ZONES = timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));

/** A blank clinic: open Sunday to Thursday 9 to 18 (the default clinic hours), 30-minute visits. */
export function emptyClinic(overrides: Partial<ClinicInput> = {}): ClinicInput {
  return {
    name: '',
    isActive: true,
    PIC: '',
    AverageDurationOfVisit: 30,
    timeZone: '',
    overview: '',
    yearOfEstablishment: '',
    address: '',
    vision: '',
    goals: '',
    contactInfos: [],
    holidays: [],
    WorkingHours: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => ({ day: day as 'Sunday', timeSlots: [{ startTime: '09:00', endTime: '18:00' }] })),
    bankAccount: [],
    insuranceCompany: [],
    cashBoxes: [],
    onlinePaymentMethods: [],
    commercialRecord: null,
    locationGoogl: { x: '', y: '' },
    departmentId: '',
    clinicCollectionId: '',
    specializations: [],
    ...overrides,
  };
}

interface ClinicFormProps {
  defaultValues: ClinicInput;
  plan: Plan | null;
  submitLabel: string;
  /** Sends the validated clinic; a rejected ApiError with field messages puts them on the fields. */
  onSubmit: (values: ClinicValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Resets to these values after a successful save (forms inside the wizard stay on the page). */
  resetOnSuccess?: boolean;
}

export function ClinicForm({ defaultValues, plan, submitLabel, onSubmit, onCancel, resetOnSuccess }: ClinicFormProps) {
  const { t } = useTranslation();
  const people = usePersonOptions();
  const specialities = useSpecialityOptions();
  const withDepartments = planAllows(plan, 'department');
  const withComplexes = planAllows(plan, 'complex');
  const departments = useDepartmentOptions(withDepartments);
  const complexes = useComplexOptions(withComplexes);
  const { control, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<ClinicInput, unknown, ClinicValues>({
    resolver,
    defaultValues,
    mode: 'onTouched',
  });
  const departmentId = useWatch({ control, name: 'departmentId' });
  const f = (key: string) => t(`organisation.fields.${key}`);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (resetOnSuccess) reset(defaultValues);
    } catch (error) {
      applyFieldErrors(error, setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="clinic-form">
      <Stack gap="lg">
        <FormSection icon={<IconId size={20} />} title={t('clinics.form.general')} hint={t('clinics.form.generalHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField control={control} name="name" label={t('clinics.form.name')} required testId="clinic-name" />
            <SelectField control={control} name="PIC" label={f('pic')} placeholder={f('picPlaceholder')} required data={people.data ?? []} nothingFound={t('organisation.noPeople')} testId="clinic-pic" />
            <NumberField control={control} name="AverageDurationOfVisit" label={t('clinics.form.averageVisit')} description={t('clinics.form.averageVisitHint')} required min={5} max={480} suffix={` ${t('clinics.form.minutes')}`} testId="clinic-average-visit" />
            <SelectField control={control} name="timeZone" label={t('clinics.form.timeZone')} placeholder={t('clinics.form.timeZoneDefault')} description={t('clinics.form.timeZoneHint')} data={ZONES} clearable testId="clinic-time-zone" />
            <DateField control={control} name="yearOfEstablishment" label={f('yearOfEstablishment')} required past testId="clinic-established" />
            <MultiSelectField control={control} name="specializations" label={f('specializations')} placeholder={f('specializationsPlaceholder')} data={specialities.data ?? []} nothingFound={t('organisation.noSpecialities')} testId="clinic-specializations" />
            {withDepartments && (
              <SelectField control={control} name="departmentId" label={f('department')} placeholder={f('none')} data={departments.data ?? []} clearable nothingFound={t('organisation.noDepartments')} testId="clinic-department" />
            )}
            {withComplexes && (
              <SelectField
                control={control}
                name="clinicCollectionId"
                label={f('complex')}
                placeholder={f('none')}
                description={departmentId ? t('clinics.form.complexFromDepartment') : undefined}
                data={complexes.data ?? []}
                clearable
                disabled={Boolean(departmentId)}
                testId="clinic-complex"
              />
            )}
          </SimpleGrid>
          <SwitchField control={control} name="isActive" label={f('active')} description={t('clinics.form.activeHint')} testId="clinic-active" />
        </FormSection>

        <FormSection icon={<IconInfoCircle size={20} />} title={t('clinics.form.about')} hint={t('clinics.form.aboutHint')}>
          <TextField control={control} name="address" label={f('address')} required testId="clinic-address" />
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <TextAreaField control={control} name="overview" label={f('overview')} required testId="clinic-overview" />
            <TextAreaField control={control} name="vision" label={f('vision')} required testId="clinic-vision" />
            <TextAreaField control={control} name="goals" label={f('goals')} required testId="clinic-goals" />
          </SimpleGrid>
        </FormSection>

        <FormSection icon={<IconClock size={20} />} title={t('clinics.form.workingHours')} hint={t('clinics.form.workingHoursHint')} data-testid="clinic-working-hours">
          <Controller
            control={control}
            name="WorkingHours"
            render={({ field, fieldState }) => (
              <WorkingHoursEditor value={field.value as never} onChange={field.onChange} errors={fieldState.error as unknown as WorkingHoursErrors} />
            )}
          />
        </FormSection>

        <FormSection icon={<IconCalendarOff size={20} />} title={t('organisation.holidays.title')} hint={t('clinics.form.holidaysHint')}>
          <EditableTable control={control} name="holidays" columns={holidayColumns(t)} newRow={newHoliday as never} addLabel={t('organisation.holidays.add')} emptyText={t('organisation.holidays.empty')} data-testid="clinic-holidays" />
        </FormSection>

        <FormSection icon={<IconPhone size={20} />} title={t('organisation.contacts.title')} hint={t('organisation.contacts.hint')}>
          <EditableTable control={control} name="contactInfos" columns={contactColumns(t)} newRow={() => newContact() as never} addLabel={t('organisation.contacts.add')} emptyText={t('organisation.contacts.empty')} data-testid="clinic-contacts" />
        </FormSection>

        <FormSection icon={<IconBuildingBank size={20} />} title={t('organisation.finance.title')} hint={t('organisation.finance.hint')}>
          <Stack gap="xl">
            <Stack gap="xs">
              <TableTitle text={t('organisation.bank.title')} />
              <EditableTable control={control} name="bankAccount" columns={bankColumns(t, true)} newRow={newBankAccount as never} addLabel={t('organisation.bank.add')} emptyText={t('organisation.bank.empty')} data-testid="clinic-banks" />
            </Stack>
            <Stack gap="xs">
              <TableTitle text={t('organisation.insurance.title')} />
              <EditableTable control={control} name="insuranceCompany" columns={insuranceColumns(t, true)} newRow={newInsurance as never} addLabel={t('organisation.insurance.add')} emptyText={t('organisation.insurance.empty')} data-testid="clinic-insurance" />
            </Stack>
            <Stack gap="xs">
              <TableTitle text={t('organisation.cashBoxes.title')} />
              <EditableTable control={control} name="cashBoxes" columns={cashBoxColumns(t, true)} newRow={newCashBox as never} addLabel={t('organisation.cashBoxes.add')} emptyText={t('organisation.cashBoxes.empty')} data-testid="clinic-cash-boxes" />
            </Stack>
            <Stack gap="xs">
              <TableTitle text={t('organisation.payments.title')} />
              <EditableTable control={control} name="onlinePaymentMethods" columns={paymentColumns(t, true)} newRow={newPaymentMethod as never} addLabel={t('organisation.payments.add')} emptyText={t('organisation.payments.empty')} data-testid="clinic-payments" />
            </Stack>
          </Stack>
        </FormSection>

        <FormSection icon={<IconMapPin size={20} />} title={t('organisation.map.title')} hint={t('organisation.map.sectionHint')}>
          <Controller
            control={control}
            name="locationGoogl"
            render={({ field }) => (
              <MapPicker
                value={field.value as never}
                onChange={field.onChange}
                required
                errors={{ x: messageAt(errors, 'locationGoogl.x'), y: messageAt(errors, 'locationGoogl.y'), location: messageAt(errors, 'locationGoogl') }}
                data-testid="clinic-location"
              />
            )}
          />
        </FormSection>

        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              {t('common.actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={isSubmitting} data-testid="clinic-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TableTitle({ text }: { text: string }) {
  return <div style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' }}>{text}</div>;
}

/** A saved clinic as form values (edit). */
export function clinicFormValues(c: import('@clinic/shared').ClinicRecord): ClinicInput {
  return emptyClinic({
    name: c.name,
    isActive: c.isActive,
    PIC: c.PIC?._id ?? '',
    AverageDurationOfVisit: c.AverageDurationOfVisit,
    timeZone: c.timeZone,
    overview: c.overview ?? '',
    yearOfEstablishment: c.yearOfEstablishment ?? '',
    address: c.address ?? '',
    vision: c.vision ?? '',
    goals: c.goals ?? '',
    contactInfos: c.contactInfos as ClinicInput['contactInfos'],
    holidays: c.holidays,
    WorkingHours: c.WorkingHours,
    bankAccount: c.bankAccount as ClinicInput['bankAccount'],
    insuranceCompany: c.insuranceCompany as ClinicInput['insuranceCompany'],
    cashBoxes: c.cashBoxes as ClinicInput['cashBoxes'],
    onlinePaymentMethods: c.onlinePaymentMethods as ClinicInput['onlinePaymentMethods'],
    commercialRecord: c.commercialRecord,
    locationGoogl: c.locationGoogl ?? { x: '', y: '' },
    departmentId: c.departmentId ?? '',
    clinicCollectionId: c.clinicCollectionId ?? '',
    specializations: c.specializations.map((s) => s._id),
  });
}
