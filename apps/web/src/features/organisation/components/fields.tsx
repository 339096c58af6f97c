import { MultiSelect, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { parseDateText } from '@clinic/shared';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import { translateMessage } from '@/lib/http';
import { useTranslation } from 'react-i18next';
import { dateInputFormat } from '@/lib/dates';
import { todayIso } from '../org-format';

/*
 * Form fields bound to react-hook-form by name, showing the schema's (translated) message.
 * `testId` becomes the input's data-testid.
 */

/** Any form's control: the fields only pass names through, each form's schema types the values. */
type AnyControl = object;
const asControl = (control: AnyControl) => control as Control<FieldValues>;

interface BaseProps {
  control: AnyControl;
  name: string;
  label: string;
  placeholder?: string;
  description?: string;
  required?: boolean;
  testId?: string;
  disabled?: boolean;
}

export function TextField({ control, name, label, placeholder, description, required, testId, disabled, type }: BaseProps & { type?: 'text' | 'email' | 'tel' | 'url' }) {
  return (
    <Controller
      control={asControl(control)}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={label}
          placeholder={placeholder}
          description={description}
          withAsterisk={required}
          type={type ?? 'text'}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(e) => field.onChange(e.currentTarget.value)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          disabled={disabled}
          error={translateMessage(fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

export function TextAreaField({ control, name, label, placeholder, description, required, testId, disabled, minRows = 2 }: BaseProps & { minRows?: number }) {
  return (
    <Controller
      control={asControl(control)}
      name={name}
      render={({ field, fieldState }) => (
        <Textarea
          label={label}
          placeholder={placeholder}
          description={description}
          withAsterisk={required}
          autosize
          minRows={minRows}
          maxRows={8}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(e) => field.onChange(e.currentTarget.value)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          disabled={disabled}
          error={translateMessage(fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

/** A calendar date stored as YYYY-MM-DD; `past` keeps future dates out of reach. */
export function DateField({ control, name, label, placeholder, description, required, testId, disabled, past }: BaseProps & { past?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <Controller
      control={asControl(control)}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          label={label}
          placeholder={placeholder}
          description={description}
          withAsterisk={required}
          valueFormat={dateInputFormat(i18n.language)}
          dateParser={parseDateText}
          maxDate={past ? todayIso() : undefined}
          clearable
          defaultLevel={past ? 'decade' : 'month'}
          value={(field.value as string | null | undefined) || null}
          onChange={(v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          disabled={disabled}
          error={translateMessage(fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

export function SelectField({
  control, name, label, placeholder, description, required, testId, disabled, data, searchable = true, clearable = false, nothingFound, onValueChange,
}: BaseProps & { data: Array<{ value: string; label: string }>; searchable?: boolean; clearable?: boolean; nothingFound?: string; onValueChange?: (value: string) => void }) {
  return (
    <Controller
      control={asControl(control)}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          placeholder={placeholder}
          description={description}
          withAsterisk={required}
          data={data}
          searchable={searchable}
          clearable={clearable}
          nothingFoundMessage={nothingFound}
          value={(field.value as string | null | undefined) || null}
          onChange={(v) => {
            field.onChange(v ?? '');
            onValueChange?.(v ?? '');
          }}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          disabled={disabled}
          error={translateMessage(fieldState.error?.message)}
          comboboxProps={{ withinPortal: true }}
          data-testid={testId}
        />
      )}
    />
  );
}

export function MultiSelectField({ control, name, label, placeholder, description, required, testId, disabled, data, nothingFound }: BaseProps & { data: Array<{ value: string; label: string }>; nothingFound?: string }) {
  return (
    <Controller
      control={asControl(control)}
      name={name}
      render={({ field, fieldState }) => (
        <MultiSelect
          label={label}
          placeholder={placeholder}
          description={description}
          withAsterisk={required}
          data={data}
          searchable
          clearable
          nothingFoundMessage={nothingFound}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          disabled={disabled}
          error={translateMessage(fieldState.error?.message)}
          comboboxProps={{ withinPortal: true }}
          data-testid={testId}
        />
      )}
    />
  );
}

export function NumberField({ control, name, label, placeholder, description, required, testId, disabled, min, max, suffix }: BaseProps & { min?: number; max?: number; suffix?: string }) {
  return (
    <Controller
      control={asControl(control)}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          placeholder={placeholder}
          description={description}
          withAsterisk={required}
          min={min}
          max={max}
          suffix={suffix}
          allowDecimal={false}
          value={(field.value as number | string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          disabled={disabled}
          error={translateMessage(fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

export function SwitchField({ control, name, label, description, testId, disabled }: Omit<BaseProps, 'placeholder' | 'required'>) {
  return (
    <Controller
      control={asControl(control)}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={description}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          disabled={disabled}
          data-testid={testId}
        />
      )}
    />
  );
}
