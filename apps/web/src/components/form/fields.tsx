import {
  MultiSelect, NumberInput, Select, Switch, TagsInput, Textarea, TextInput, type MultiSelectProps, type NumberInputProps, type SelectProps,
  type SwitchProps, type TagsInputProps, type TextareaProps, type TextInputProps,
} from '@mantine/core';
import { DateInput, TimePicker, type DateInputProps, type TimePickerProps } from '@mantine/dates';
import { parseDateText } from '@clinic/shared';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dateInputFormat } from '@/lib/dates';
import { translateMessage } from '@/lib/http';

/*
 * Form fields bound to react-hook-form by a path of the form's own values (a typo in a name is a type error), each
 * showing its (translated) schema or server message. `required` draws the asterisk; `testId` becomes the input's
 * data-testid; any other prop goes to the Mantine input.
 */

/** Any form's control over values T, whatever its context and submitted (transformed) values. */
export type FormControl<T extends FieldValues> = Control<T, any, any>;

interface Bound<T extends FieldValues> {
  control: FormControl<T>;
  name: FieldPath<T>;
  required?: boolean;
  testId?: string;
}
type Own = 'value' | 'defaultValue' | 'onChange' | 'error' | 'name' | 'form' | 'withAsterisk';

/** Today as YYYY-MM-DD in the browser's zone (the latest a past date may be). */
export function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function TextField<T extends FieldValues>({ control, name, required, testId, ...props }: Bound<T> & Omit<TextInputProps, Own>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...props}
          withAsterisk={required}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(e) => field.onChange(e.currentTarget.value)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={translateMessage(fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

/** A telephone number: a text field with the phone keyboard on touch screens. */
export function PhoneField<T extends FieldValues>(props: Bound<T> & Omit<TextInputProps, Own | 'type'>) {
  return <TextField type="tel" inputMode="tel" autoComplete="off" {...props} />;
}

export function TextAreaField<T extends FieldValues>({ control, name, required, testId, minRows = 2, ...props }: Bound<T> & Omit<TextareaProps, Own>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Textarea
          autosize
          maxRows={8}
          {...props}
          minRows={minRows}
          withAsterisk={required}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(e) => field.onChange(e.currentTarget.value)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={translateMessage(fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

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
      render={({ field, fieldState }) => (
        <DateInput
          clearable
          leftSection={<IconCalendar size={16} stroke={1.6} />}
          maxDate={past ? todayIso() : undefined}
          defaultLevel={past ? 'decade' : 'month'}
          popoverProps={{ withinPortal: true }}
          {...props}
          withAsterisk={required}
          valueFormat={dateInputFormat(i18n.language)}
          dateParser={parseDateText}
          value={(field.value as string | null | undefined) || null}
          onChange={(v) => field.onChange(v || emptyValue)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={translateMessage(fieldState.error?.message)}
          data-testid={testId}
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
      render={({ field, fieldState }) => (
        <TimeInput24
          {...props}
          withAsterisk={required}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          error={translateMessage(fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

export function SelectField<T extends FieldValues>({
  control, name, required, testId, emptyValue = '', onValueChange, ...props
}: Bound<T> & Omit<SelectProps, Own> & { emptyValue?: '' | null; onValueChange?: (value: string) => void }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          comboboxProps={{ withinPortal: true }}
          {...props}
          withAsterisk={required}
          value={(field.value as string | null | undefined) || null}
          onChange={(v) => {
            field.onChange(v ?? emptyValue);
            onValueChange?.(v ?? '');
          }}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={translateMessage(fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

export function MultiSelectField<T extends FieldValues>({ control, name, required, testId, ...props }: Bound<T> & Omit<MultiSelectProps, Own>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MultiSelect
          comboboxProps={{ withinPortal: true }}
          {...props}
          withAsterisk={required}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={translateMessage(fieldState.error?.message ?? fieldState.error?.root?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

/** A list of free words (allergies, certifications, ...). */
export function TagsField<T extends FieldValues>({ control, name, required, testId, ...props }: Bound<T> & Omit<TagsInputProps, Own>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TagsInput
          {...props}
          withAsterisk={required}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={translateMessage(fieldState.error?.message ?? fieldState.error?.root?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

export function NumberField<T extends FieldValues>({ control, name, required, testId, ...props }: Bound<T> & Omit<NumberInputProps, Own>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          allowDecimal={false}
          {...props}
          withAsterisk={required}
          value={(field.value as number | string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={translateMessage(fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

export function SwitchField<T extends FieldValues>({ control, name, testId, ...props }: Omit<Bound<T>, 'required'> & Omit<SwitchProps, Own | 'checked'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          {...props}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          data-testid={testId}
        />
      )}
    />
  );
}
