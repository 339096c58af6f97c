import { useRef, useState, type Ref } from 'react';
import {
  DateInput as MantineDateInput,
  DatePickerInput as MantineDatePickerInput,
  MonthPickerInput as MantineMonthPickerInput,
  type DateInputProps,
  type DatePickerInputProps,
  type DatePickerType,
  type MonthPickerInputProps,
} from '@mantine/dates';
import { useMergedRef } from '@mantine/hooks';
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

/**
 * A date that can be typed or picked. With Hijri dates shown its dropdown stays open while the Hijri month select has
 * the focus (Mantine's own closes when the text field loses it): open on focus or click, closed on a picked day,
 * Escape, or the focus leaving both the field and the dropdown.
 */
export function DateInput({ ref, ...props }: DateInputProps & { ref?: Ref<HTMLInputElement> }) {
  const input = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(input, ref);
  const [opened, setOpened] = useState(false);
  /** The focus given back to the field once a day is picked from the select: it does not open the dropdown again. */
  const returning = useRef(false);
  const inside = (node: EventTarget | null) => node instanceof Node && (input.current?.contains(node) || document.getElementById(dropdownId)?.contains(node));
  const close = (refocus: boolean) => {
    setOpened(false);
    if (refocus && document.activeElement !== input.current && inside(document.activeElement)) {
      returning.current = true;
      input.current?.focus();
      returning.current = false;
    }
  };
  const { on, dropdownId, pickerProps, jump } = useHijriMonthJump(props.value ?? props.defaultValue, { ...props.popoverProps }, {
    onBlur: (event) => !inside(event.relatedTarget) && close(false),
    onKeyDown: (event) => event.key === 'Escape' && (event.preventDefault(), close(true)),
  });
  if (!on) return <MantineDateInput {...props} ref={mergedRef} />;
  const readOnly = props.readOnly || props.disabled;
  return (
    <>
      <MantineDateInput
        {...props}
        {...pickerProps}
        ref={mergedRef}
        // Mantine's date input leaves its dropdown without an id (no popover roles): named here, for the select to find.
        popoverProps={{ ...pickerProps.popoverProps, opened: opened && !readOnly, onChange: setOpened, attributes: { dropdown: { id: dropdownId } } }}
        onFocus={(event) => {
          props.onFocus?.(event);
          if (!returning.current) setOpened(true);
        }}
        onClick={(event) => {
          props.onClick?.(event);
          setOpened(true);
        }}
        onBlur={(event) => {
          props.onBlur?.(event);
          if (!inside(event.relatedTarget)) setOpened(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpened(false);
          props.onKeyDown?.(event);
        }}
        getDayProps={(day) => {
          const own = props.getDayProps?.(day);
          return { ...own, onClick: (event) => (own?.onClick?.(event), close(true)) };
        }}
      />
      {jump}
    </>
  );
}
