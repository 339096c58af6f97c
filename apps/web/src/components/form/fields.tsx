import {
  MultiSelect, NumberInput, Select, Switch, TagsInput, Textarea, TextInput, type MultiSelectProps, type NumberInputProps, type SelectProps,
  type SwitchProps, type TagsInputProps, type TextareaProps, type TextInputProps,
} from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { translateMessage } from '@/lib/http';
import type { Bound, Own } from './field-types';

/*
 * Form fields bound to react-hook-form by a path of the form's own values (a typo in a name is a type error), each
 * showing its (translated) schema or server message. `required` draws the asterisk; `testId` becomes the input's
 * data-testid; any other prop goes to the Mantine input.
 */

export type { FormControl } from './field-types';

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

export { DateField, TimeField, TimeInput24, todayIso } from './date-time-fields';
