import { TimePicker, type DateInputProps, type TimePickerProps } from '@mantine/dates';
import { parseDateText } from '@clinic/shared';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components/dates/pickers';
import { dateInputFormat, todayIso } from '@/lib/dates';
import { boundProps, type Bound, type Own } from './field-types';

export { todayIso };

/**
 * A calendar date stored as YYYY-MM-DD ('' when empty, or `emptyValue`). It can be typed ("1990-01-05",
 * "January 5, 1990") as well as picked; `past` keeps future dates out of reach and opens on decades.
 */
export function DateField<T extends FieldValues>({
  control, name, required, testId, past, emptyValue = '', ...props
}: Bound<T> & Omit<DateInputProps, Own | 'valueFormat' | 'dateParser'> & { past?: boolean; emptyValue?: '' | null }) {
  const { i18n } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => (
        <DateInput
          clearable
          leftSection={<IconCalendar size={16} stroke={1.6} />}
          maxDate={past ? todayIso() : undefined}
          defaultLevel={past ? 'decade' : 'month'}
          popoverProps={{ withinPortal: true }}
          {...props}
          {...boundProps(s, testId, required)}
          valueFormat={dateInputFormat(i18n.language)}
          dateParser={parseDateText}
          value={(s.field.value as string | null | undefined) || null}
          onChange={(v) => s.field.onChange(v || emptyValue)}
        />
      )}
    />
  );
}

/** A 24-hour 'HH:MM' time picker: type the time, or pick the hour and minute from the dropdown. Its value is '' when empty. */
export function TimeInput24(props: Omit<TimePickerProps, 'format' | 'withSeconds'>) {
  return <TimePicker format="24h" withDropdown leftSection={<IconClock size={16} stroke={1.6} />} hoursInputLabel="HH" minutesInputLabel="MM" {...props} />;
}

export function TimeField<T extends FieldValues>({ control, name, required, testId, ...props }: Bound<T> & Omit<TimePickerProps, Own | 'format' | 'withSeconds'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => {
        // The picker's root is no input to focus: its ref is left out.
        const { ref: _ref, ...bound } = boundProps(s, testId, required);
        return <TimeInput24 {...props} {...bound} value={(s.field.value as string | undefined) ?? ''} onChange={s.field.onChange} />;
      }}
    />
  );
}
