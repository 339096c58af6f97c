import { Checkbox, Group, Select, SimpleGrid } from '@mantine/core';
import { IconClock, IconId, IconInfoCircle } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FIRST_DAY_OF_WEEK, DEFAULT_WEEKEND_DAYS, planAllows, WEEKDAY_NUMBERS, type ClinicInput, type Plan } from '@clinic/shared';
import { DateField, MultiSelectField, NumberField, SelectField, SwitchField, TextAreaField, TextField, type FormControl } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { WorkingHoursField } from '@/components/form/working-hours-field';
import { translateMessage } from '@/lib/http';
import { timeZones, useComplexOptions, useDepartmentOptions, usePersonOptions, useSpecializationOptions } from '@/features/organisation';

const ZONES = timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));

interface SectionProps {
  id: string;
  control: FormControl<ClinicInput>;
}

/** Name, person in charge, visit length, time zone, specialities and where the clinic belongs. */
export function ClinicGeneralSection({ id, control, plan }: SectionProps & { plan: Plan | null }) {
  const { t } = useTranslation();
  const people = usePersonOptions();
  const specialities = useSpecializationOptions();
  const withDepartments = planAllows(plan, 'department');
  const withComplexes = planAllows(plan, 'complex');
  const departments = useDepartmentOptions(withDepartments);
  const complexes = useComplexOptions(withComplexes);
  const departmentId = useWatch({ control, name: 'departmentId' });
  const f = (key: string) => t(`organisation.fields.${key}`);
  return (
    <FormSection id={id} icon={<IconId size={20} />} title={t('clinics.form.general')} description={t('clinics.form.generalHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="name" label={t('clinics.form.name')} required testId="clinic-name" />
        <SelectField control={control} name="PIC" label={f('pic')} placeholder={f('picPlaceholder')} required data={people.data ?? []} searchable nothingFoundMessage={t('organisation.noPeople')} testId="clinic-pic" />
        <NumberField control={control} name="AverageDurationOfVisit" label={t('clinics.form.averageVisit')} description={t('clinics.form.averageVisitHint')} required min={5} max={480} suffix={` ${t('clinics.form.minutes')}`} testId="clinic-average-visit" />
        <SelectField control={control} name="timeZone" label={t('clinics.form.timeZone')} placeholder={t('clinics.form.timeZoneDefault')} description={t('clinics.form.timeZoneHint')} data={ZONES} searchable clearable testId="clinic-time-zone" />
        <DateField control={control} name="yearOfEstablishment" label={f('yearOfEstablishment')} required past testId="clinic-established" />
        <MultiSelectField control={control} name="specializations" label={f('specializations')} placeholder={f('specializationsPlaceholder')} data={specialities.data ?? []} searchable clearable nothingFoundMessage={t('organisation.noSpecialities')} testId="clinic-specializations" />
        {withDepartments && (
          <SelectField control={control} name="departmentId" label={f('department')} placeholder={f('none')} data={departments.data ?? []} searchable clearable nothingFoundMessage={t('organisation.noDepartments')} testId="clinic-department" />
        )}
        {withComplexes && (
          <SelectField
            control={control}
            name="clinicCollectionId"
            label={f('complex')}
            placeholder={f('none')}
            description={departmentId ? t('clinics.form.complexFromDepartment') : undefined}
            data={complexes.data ?? []}
            searchable
            clearable
            disabled={Boolean(departmentId)}
            testId="clinic-complex"
          />
        )}
      </SimpleGrid>
      <SwitchField control={control} name="isActive" label={f('active')} description={t('clinics.form.activeHint')} testId="clinic-active" />
    </FormSection>
  );
}

export function ClinicAboutSection({ id, control }: SectionProps) {
  const { t } = useTranslation();
  const f = (key: string) => t(`organisation.fields.${key}`);
  return (
    <FormSection id={id} icon={<IconInfoCircle size={20} />} title={t('clinics.form.about')} description={t('clinics.form.aboutHint')}>
      <TextField control={control} name="address" label={f('address')} required testId="clinic-address" />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <TextAreaField control={control} name="overview" label={f('overview')} required testId="clinic-overview" />
        <TextAreaField control={control} name="vision" label={f('vision')} required testId="clinic-vision" />
        <TextAreaField control={control} name="goals" label={f('goals')} required testId="clinic-goals" />
      </SimpleGrid>
    </FormSection>
  );
}

export function ClinicHoursSection({ id, control }: SectionProps) {
  const { t } = useTranslation();
  const firstDayOfWeek = useWatch({ control, name: 'firstDayOfWeek' });
  const weekdays = WEEKDAY_NUMBERS.map((d) => ({ value: String(d), label: t(`display.weekdays.${d}`) }));
  return (
    <FormSection id={id} icon={<IconClock size={20} />} title={t('clinics.form.workingHours')} description={t('clinics.form.workingHoursHint')} testId="clinic-working-hours">
      <WorkingHoursField
        control={control}
        name="WorkingHours"
        toDays={(days: ClinicInput['WorkingHours']) => days ?? []}
        fromDays={(days) => days as ClinicInput['WorkingHours']}
        slotPath={(days, day, slot, edge) => `WorkingHours.${(days ?? []).findIndex((d) => d.day === day)}.timeSlots.${slot}.${edge}`}
        dayPath={(days, day) => `WorkingHours.${(days ?? []).findIndex((d) => d.day === day)}.timeSlots`}
        firstDayOfWeek={Number(firstDayOfWeek ?? DEFAULT_FIRST_DAY_OF_WEEK)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="firstDayOfWeek"
          render={({ field }) => (
            <Select
              label={t('display.week.firstDay')}
              data={weekdays}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              value={String(field.value ?? DEFAULT_FIRST_DAY_OF_WEEK)}
              onChange={(v) => field.onChange(Number(v ?? DEFAULT_FIRST_DAY_OF_WEEK))}
              data-testid="clinic-first-day"
            />
          )}
        />
        <Controller
          control={control}
          name="weekendDays"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label={t('display.week.weekend')}
              description={t('display.week.weekendHint')}
              value={(field.value ?? DEFAULT_WEEKEND_DAYS).map(String)}
              onChange={(v) => field.onChange(v.map(Number).sort((a, b) => a - b))}
              error={translateMessage(fieldState.error?.message)}
              data-testid="clinic-weekend"
            >
              <Group gap="sm" mt={6}>
                {weekdays.map((d) => <Checkbox key={d.value} value={d.value} label={d.label} data-testid={`clinic-weekend-${d.value}`} />)}
              </Group>
            </Checkbox.Group>
          )}
        />
      </SimpleGrid>
    </FormSection>
  );
}
