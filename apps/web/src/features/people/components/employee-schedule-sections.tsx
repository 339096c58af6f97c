import { ActionIcon, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconBeach, IconClockHour4, IconCoffee, IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_LEAVE_STATUSES, EMPLOYEE_LEAVE_TYPES, WEEK_DAYS } from '@clinic/shared';
import { DateField, SelectField, TimeField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { WorkingHoursField, daysToRows, rowIndexOf, rowsToDays } from '@/components/form/working-hours-field';
import type { EditorDay } from '@/components/form/working-hours-editor';
import type { EmployeeFormValues } from './employee-form-values';
import { optionsOf, type EmployeeSectionProps } from './employee-sections-shared';

type Shifts = EmployeeFormValues['workingHours'];

/** Stored shifts (one row per shift) as days with slots, in week order. */
export const shiftsToDays = (rows: Shifts): EditorDay[] => rowsToDays(rows, WEEK_DAYS);
export const daysToShifts = (days: EditorDay[]): Shifts => daysToRows<Shifts[number]>(days);

export function EmployeeHoursSection({ id, control }: EmployeeSectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection id={id} icon={<IconClockHour4 size={20} />} title={t('people.sections.workingHours')} description={t('people.sections.workingHoursHint')} testId="section-working-hours">
      <WorkingHoursField
        control={control}
        name="workingHours"
        toDays={shiftsToDays}
        fromDays={daysToShifts}
        slotPath={(rows: Shifts, day, slot, edge) => `workingHours.${rowIndexOf(rows, day, slot)}.${edge}`}
        defaultSlot={{ startTime: '09:00', endTime: '17:00' }}
        testId="working-hours-editor"
      />
    </FormSection>
  );
}

export function EmployeeBreaksSection({ id, control }: EmployeeSectionProps) {
  const { t } = useTranslation();
  const breaks = useFieldArray({ control, name: 'breakTimes' });
  return (
    <FormSection
      id={id}
      icon={<IconCoffee size={20} />}
      title={t('people.sections.breakTimes')}
      description={t('people.sections.breakTimesHint')}
      action={
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => breaks.append({ startTime: '13:00', endTime: '13:30' })} data-testid="add-break">
          {t('people.actions.addBreak')}
        </Button>
      }
    >
      {breaks.fields.length === 0 && <Text size="sm" c="dimmed">{t('people.empty.breaks')}</Text>}
      {breaks.fields.map((row, index) => (
        <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap">
          <TimeField control={control} name={`breakTimes.${index}.startTime`} aria-label={t('people.fields.startTime')} style={{ flex: 1 }} />
          <TimeField control={control} name={`breakTimes.${index}.endTime`} aria-label={t('people.fields.endTime')} style={{ flex: 1 }} />
          <ActionIcon variant="subtle" color="red" size="lg" onClick={() => breaks.remove(index)} aria-label={t('people.actions.removeRow')}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
    </FormSection>
  );
}

export function EmployeeVacationsSection({ id, control }: EmployeeSectionProps) {
  const { t } = useTranslation();
  const vacations = useFieldArray({ control, name: 'vacationRecords' });
  return (
    <FormSection
      id={id}
      icon={<IconBeach size={20} />}
      title={t('people.sections.vacations')}
      description={t('people.sections.vacationsHint')}
      action={
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => vacations.append({ leaveStartDate: '', leaveEndDate: '', leaveType: 'Vacation', status: 'Pending' })} data-testid="add-vacation">
          {t('people.actions.addVacation')}
        </Button>
      }
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
              <ActionIcon variant="subtle" color="red" size="lg" onClick={() => vacations.remove(index)} aria-label={t('people.actions.removeRow')}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </SimpleGrid>
        </Paper>
      ))}
    </FormSection>
  );
}
