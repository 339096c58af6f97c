import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_JOB_TYPES, type UserWorkingDay } from '@clinic/shared';
import { DateField, MultiSelectField, SelectField, TextField } from '@/components/form/fields';
import type { EditorDay } from '@/components/form/working-hours-editor';
import { WorkingHoursField } from '@/components/form/working-hours-field';
import { useReferenceList } from '../api/get-reference-lists';
import { optionsOf, type UserTabProps } from './user-form-shared';

const NO_SHIFT = { startTime: '', endTime: '' };
const SHIFTS = ['shift1', 'shift2'] as const;

/** Account days (two shifts each) as days with slots: an empty second shift is no slot. */
export function accountDaysToEditor(days: UserWorkingDay[]): EditorDay[] {
  return days.map((d) => ({ day: d.day, timeSlots: d.shift2.startTime || d.shift2.endTime ? [d.shift1, d.shift2] : [d.shift1] }));
}
export const editorToAccountDays = (days: EditorDay[]): UserWorkingDay[] =>
  days.map((d) => ({ day: d.day as UserWorkingDay['day'], shift1: d.timeSlots[0] ?? NO_SHIFT, shift2: d.timeSlots[1] ?? NO_SHIFT }));

/** Job, title, hire date, work places and the working days with up to two shifts each. */
export function UserEmploymentTab({ control }: UserTabProps) {
  const { t } = useTranslation();
  const clinics = useReferenceList('clinics');
  const employeeType = useWatch({ control, name: 'employeeType' });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SelectField control={control} name="jobType" label={t('people.fields.jobType')} required data={optionsOf(t, 'jobTypes', EMPLOYEE_JOB_TYPES)} testId="user-jobType" />
        <TextField control={control} name="jobTitle" label={employeeType === 'Doctor' ? t('users.form.speciality') : t('people.fields.jobTitle')} required testId="user-jobTitle" />
        <DateField control={control} name="hireDate" label={t('people.fields.hireDate')} required testId="user-hireDate" />
        <MultiSelectField
          control={control}
          name="clinics"
          label={t('users.form.workPlaces')}
          searchable
          data={clinics.data ?? []}
          nothingFoundMessage={t('people.noSpecialization')}
          placeholder={clinics.data?.length ? undefined : t('users.form.noClinics')}
          disabled={!clinics.data?.length}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text fw={600} size="sm">{t('users.form.workingDays')} <Text span c="red">*</Text></Text>
        <Text size="xs" c="dimmed">{t('users.form.workingDaysHint')}</Text>
      </Stack>
      <WorkingHoursField
        control={control}
        name="workingHours"
        toDays={accountDaysToEditor}
        fromDays={editorToAccountDays}
        slotPath={(days: UserWorkingDay[], day, slot, edge) => `workingHours.${days.findIndex((d) => d.day === day)}.${SHIFTS[slot] ?? 'shift2'}.${edge}`}
        defaultSlot={{ startTime: '09:00', endTime: '17:00' }}
        maxSlots={2}
        testId="working-days"
        dayTestId={(day) => `day-${day}`}
        slotTestId={(day, slot, edge) => `day-${day}-${SHIFTS[slot] ?? 'shift2'}-${edge}`}
      />
    </Stack>
  );
}
