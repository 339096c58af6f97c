import {
  DatePickerInput as MantineDatePickerInput,
  MonthPickerInput as MantineMonthPickerInput,
  type DatePickerInputProps,
  type DatePickerType,
  type MonthPickerInputProps,
} from '@mantine/dates';
import { useHijriMonthJump } from './hijri-month-jump';

/*
 * The app's picker inputs: Mantine's, with a Hijri month and year select in the dropdown when the user shows Hijri
 * dates (pick "Shawwal 1447" and the picker shows March 2026, where the 20th is 1 Shawwal).
 */

export function DatePickerInput<Type extends DatePickerType = 'default'>(props: DatePickerInputProps<Type>) {
  const { pickerProps, jump } = useHijriMonthJump(props.value ?? props.defaultValue, props.popoverProps);
  return (
    <>
      <MantineDatePickerInput<Type> {...props} {...pickerProps} />
      {jump}
    </>
  );
}

export function MonthPickerInput<Type extends DatePickerType = 'default'>(props: MonthPickerInputProps<Type>) {
  const { pickerProps, jump } = useHijriMonthJump(props.value ?? props.defaultValue, props.popoverProps);
  return (
    <>
      <MantineMonthPickerInput<Type> {...props} {...pickerProps} />
      {jump}
    </>
  );
}
