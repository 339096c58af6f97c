import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';

/**
 * A 24-hour 'HH:MM' time picker: type the time, or pick any hour and minute of the day from the dropdown.
 * The value is '' when empty.
 */
export function TimeField(props: Omit<TimePickerProps, 'format' | 'withSeconds'>) {
  return (
    <TimePicker
      format="24h"
      withDropdown
      leftSection={<IconClock size={16} stroke={1.6} />}
      hoursInputLabel="HH"
      minutesInputLabel="MM"
      {...props}
    />
  );
}
