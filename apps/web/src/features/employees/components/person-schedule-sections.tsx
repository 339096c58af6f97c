import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconBeach, IconClockHour4, IconCoffee } from '@tabler/icons-react';
import { useFieldArray, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_LEAVE_STATUSES, EMPLOYEE_LEAVE_TYPES, type UserWorkingDay } from '@clinic/shared';
import { DateField, SelectField, TimeField } from '@/components/form/fields';
import { WorkingHoursField, rowIndexOf } from '@/components/form/working-hours-field';
import type { EditorDay, SlotEdge } from '@/components/form/working-hours-editor';
import { accountDaysToEditor, daysToShifts, editorToAccountDays, shiftsToDays, type EmployeeFormValues } from './person-form-values';
import { RemoveRowButton, SectionFrame, TabHeading, optionsOf, type PersonSectionProps } from './person-sections-shared';

type Shifts = EmployeeFormValues['workingHours'];
const SHIFTS = ['shift1', 'shift2'] as const;

/** How a form keeps its working hours: as days with slots and back, where a slot's message sits, and the test ids. */
interface HoursFormat<V> {
  toDays: (value: V) => EditorDay[];
  fromDays: (days: EditorDay[]) => V;
  slotPath: (value: V, day: string, slot: number, edge: SlotEdge) => string;
  maxSlots?: number;
  testId: string;
  dayTestId?: (day: string) => string;
  slotTestId?: (day: string, slot: number, edge: SlotEdge) => string;
}

/** The staff form: one row per shift, as many shifts a day as needed. */
export const SHIFT_ROWS: HoursFormat<Shifts> = {
  toDays: shiftsToDays,
  fromDays: daysToShifts,
  slotPath: (rows, day, slot, edge) => `workingHours.${rowIndexOf(rows, day, slot)}.${edge}`,
  testId: 'working-hours-editor',
};

/** The account form: days with up to two shifts. */
export const ACCOUNT_DAYS: HoursFormat<UserWorkingDay[]> = {
  toDays: accountDaysToEditor,
  fromDays: editorToAccountDays,
  slotPath: (days, day, slot, edge) => `workingHours.${days.findIndex((d) => d.day === day)}.${SHIFTS[slot] ?? 'shift2'}.${edge}`,
  maxSlots: 2,
  testId: 'working-days',
  dayTestId: (day) => `day-${day}`,
  slotTestId: (day, slot, edge) => `day-${day}-${SHIFTS[slot] ?? 'shift2'}-${edge}`,
};

interface HoursProps<T extends FieldValues, V> extends PersonSectionProps<T> {
  name: FieldPath<T>;
  format: HoursFormat<V>;
}

/** The working hours: the week's days, each open with its shifts. In a tab, under a heading that marks it required. */
export function HoursSection<T extends FieldValues, V>({ id, control, name, format }: HoursProps<T, V>) {
  const { t } = useTranslation();
  return (
    <SectionFrame
      id={id}
      icon={<IconClockHour4 size={20} />}
      title={t('people.sections.workingHours')}
      description={t('people.sections.workingHoursHint')}
      testId={id ? 'section-working-hours' : undefined}
      heading={<TabHeading title={t('users.form.workingDays')} hint={t('users.form.workingDaysHint')} required />}
    >
      <WorkingHoursField control={control} name={name} {...format} defaultSlot={{ startTime: '09:00', endTime: '17:00' }} />
    </SectionFrame>
  );
}

export function EmployeeBreaksSection({ id, control }: PersonSectionProps<EmployeeFormValues>) {
  const { t } = useTranslation();
  const breaks = useFieldArray({ control, name: 'breakTimes' });
  return (
    <SectionFrame
      id={id}
      icon={<IconCoffee size={20} />}
      title={t('people.sections.breakTimes')}
      description={t('people.sections.breakTimesHint')}
      add={{ label: t('people.actions.addBreak'), onClick: () => breaks.append({ startTime: '13:00', endTime: '13:30' }), testId: 'add-break' }}
    >
      {breaks.fields.length === 0 && <Text size="sm" c="dimmed">{t('people.empty.breaks')}</Text>}
      {breaks.fields.map((row, index) => (
        <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap">
          <TimeField control={control} name={`breakTimes.${index}.startTime`} aria-label={t('people.fields.startTime')} style={{ flex: 1 }} />
          <TimeField control={control} name={`breakTimes.${index}.endTime`} aria-label={t('people.fields.endTime')} style={{ flex: 1 }} />
          <RemoveRowButton label={t('people.actions.removeRow')} onClick={() => breaks.remove(index)} />
        </Group>
      ))}
    </SectionFrame>
  );
}

export function EmployeeVacationsSection({ id, control }: PersonSectionProps<EmployeeFormValues>) {
  const { t } = useTranslation();
  const vacations = useFieldArray({ control, name: 'vacationRecords' });
  return (
    <SectionFrame
      id={id}
      icon={<IconBeach size={20} />}
      title={t('people.sections.vacations')}
      description={t('people.sections.vacationsHint')}
      add={{ label: t('people.actions.addVacation'), onClick: () => vacations.append({ leaveStartDate: '', leaveEndDate: '', leaveType: 'Vacation', status: 'Pending' }), testId: 'add-vacation' }}
    >
      {vacations.fields.length === 0 && <Text size="sm" c="dimmed">{t('people.empty.vacations')}</Text>}
      {vacations.fields.map((row, index) => (
        <Paper key={row.id} withBorder p="sm" radius="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField control={control} name={`vacationRecords.${index}.leaveStartDate`} label={t('people.fields.leaveStart')} size="sm" />
            <DateField control={control} name={`vacationRecords.${index}.leaveEndDate`} label={t('people.fields.leaveEnd')} size="sm" />
            <SelectField control={control} name={`vacationRecords.${index}.leaveType`} label={t('people.fields.leaveType')} data={optionsOf(t, 'leaveTypes', EMPLOYEE_LEAVE_TYPES)} size="sm" allowDeselect={false} />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <SelectField control={control} name={`vacationRecords.${index}.status`} label={t('people.fields.leaveStatus')} data={optionsOf(t, 'leaveStatuses', EMPLOYEE_LEAVE_STATUSES)} size="sm" allowDeselect={false} style={{ flex: 1 }} />
              <RemoveRowButton label={t('people.actions.removeRow')} onClick={() => vacations.remove(index)} />
            </Group>
          </SimpleGrid>
        </Paper>
      ))}
    </SectionFrame>
  );
}
