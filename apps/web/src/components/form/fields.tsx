import type { ClipboardEvent, KeyboardEvent } from 'react';
import {
  Group, Input, MultiSelect, NumberInput, PasswordInput, Radio, SegmentedControl, Select, Switch, TagsInput, Textarea, TextInput, type MultiSelectProps, type NumberInputProps, type PasswordInputProps, type SelectProps,
  type SwitchProps, type TagsInputProps, type TextareaProps, type TextInputProps,
} from '@mantine/core';
import { normaliseDigits } from '@clinic/shared';
import { Controller, type FieldValues } from 'react-hook-form';
import { boundProps, type Bound, type Own } from './field-types';

/*
 * Form fields bound to react-hook-form by a path of the form's own values (a typo in a name is a type error), each
 * showing its (translated) schema or server message. `required` draws the asterisk; `testId` becomes the input's
 * data-testid; any other prop goes to the Mantine input.
 */

export type { FormControl } from './field-types';

const text = (value: unknown) => (value as string | null | undefined) ?? '';

/**
 * Arabic-Indic digits typed or pasted into a number input: the number input itself only takes 0-9, so the typed text
 * is put in as Western digits and the field's value set from it.
 */
function westernDigitsTyped(e: KeyboardEvent<HTMLInputElement> | ClipboardEvent<HTMLInputElement>, onChange: (value: number | string) => void) {
  const typed = 'key' in e ? (e.key.length === 1 ? e.key : '') : e.clipboardData.getData('text');
  if (!typed || normaliseDigits(typed) === typed) return;
  e.preventDefault();
  const input = e.currentTarget;
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const next = normaliseDigits(`${input.value.slice(0, start)}${typed}${input.value.slice(end)}`).replace(/[^\d.-]/g, '');
  const value = Number(next);
  onChange(next === '' || !Number.isFinite(value) ? next : value);
  // The caret goes after what was typed once the input shows the new value.
  const caret = Math.min(start + normaliseDigits(typed).length, next.length);
  setTimeout(() => input.setSelectionRange(caret, caret), 0);
}
const list = (value: unknown) => (value as string[] | undefined) ?? [];

export function TextField<T extends FieldValues>({ control, name, required, testId, ...props }: Bound<T> & Omit<TextInputProps, Own>) {
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => <TextInput {...props} {...boundProps(s, testId, required)} value={text(s.field.value)} onChange={(e) => s.field.onChange(e.currentTarget.value)} />}
    />
  );
}

/**
 * A telephone number: a text field with the phone keyboard on touch screens. Arabic-Indic digits are accepted as typed
 * and kept as Western digits (what the server stores and searches).
 */
export function PhoneField<T extends FieldValues>({ control, name, required, testId, ...props }: Bound<T> & Omit<TextInputProps, Own | 'type'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => (
        <TextInput
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...props}
          {...boundProps(s, testId, required)}
          value={text(s.field.value)}
          onChange={(e) => s.field.onChange(normaliseDigits(e.currentTarget.value))}
        />
      )}
    />
  );
}

export function TextAreaField<T extends FieldValues>({ control, name, required, testId, minRows = 2, ...props }: Bound<T> & Omit<TextareaProps, Own>) {
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => (
        <Textarea autosize maxRows={8} {...props} minRows={minRows} {...boundProps(s, testId, required)} value={text(s.field.value)} onChange={(e) => s.field.onChange(e.currentTarget.value)} />
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
      render={(s) => (
        <Select
          comboboxProps={{ withinPortal: true }}
          {...props}
          {...boundProps(s, testId, required)}
          value={text(s.field.value) || null}
          onChange={(v) => {
            s.field.onChange(v ?? emptyValue);
            onValueChange?.(v ?? '');
          }}
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
      render={(s) => <MultiSelect comboboxProps={{ withinPortal: true }} {...props} {...boundProps(s, testId, required)} value={list(s.field.value)} onChange={s.field.onChange} />}
    />
  );
}

/**
 * A new password or its confirmation: the rules (`description`) under the input, the message after them, and the input
 * marked invalid for screen readers too (Mantine marks a password's input invalid only for styling).
 */
export function PasswordField<T extends FieldValues>({ control, name, required, testId, ...props }: Bound<T> & Omit<PasswordInputProps, Own>) {
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => {
        const bound = boundProps(s, testId, required);
        return (
          <PasswordInput
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            {...props}
            {...bound}
            aria-invalid={Boolean(bound.error) || undefined}
            value={text(s.field.value)}
            onChange={(e) => s.field.onChange(e.currentTarget.value)}
          />
        );
      }}
    />
  );
}

/** A list of free words (allergies, certifications, ...). */
export function TagsField<T extends FieldValues>({ control, name, required, testId, ...props }: Bound<T> & Omit<TagsInputProps, Own>) {
  return <Controller control={control} name={name} render={(s) => <TagsInput {...props} {...boundProps(s, testId, required)} value={list(s.field.value)} onChange={s.field.onChange} />} />;
}

/** A number; an emptied input stores `emptyValue` ('' unless told: null for "none", 0 for "no minutes"). */
export function NumberField<T extends FieldValues>({
  control, name, required, testId, emptyValue = '', ...props
}: Bound<T> & Omit<NumberInputProps, Own> & { emptyValue?: '' | null | 0 }) {
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => (
        <NumberInput
          allowDecimal={false}
          {...props}
          {...boundProps(s, testId, required)}
          value={(s.field.value as number | string | null | undefined) ?? ''}
          onChange={(v) => s.field.onChange(v === '' ? emptyValue : v)}
          onKeyDown={(e) => westernDigitsTyped(e, s.field.onChange)}
          onPaste={(e) => westernDigitsTyped(e, s.field.onChange)}
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
      render={(s) => {
        const { withAsterisk: _required, error: _error, ...bound } = boundProps(s, testId);
        return <Switch {...props} {...bound} checked={Boolean(s.field.value)} onChange={(e) => s.field.onChange(e.currentTarget.checked)} />;
      }}
    />
  );
}

export { DateField, TimeField, TimeInput24, todayIso } from './date-time-fields';

/** One of a few choices side by side (how a share is computed, how a payout was paid), with its label and message. */
export function SegmentedField<T extends FieldValues>({
  control, name, required, testId, label, data, fullWidth = true,
}: Bound<T> & { label: string; data: Array<{ value: string; label: string }>; fullWidth?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => {
        const { error, withAsterisk } = boundProps(s, testId, required);
        return (
          <Input.Wrapper label={label} withAsterisk={withAsterisk} error={error}>
            <SegmentedControl fullWidth={fullWidth} value={text(s.field.value)} onChange={s.field.onChange} data={data} data-testid={testId} />
          </Input.Wrapper>
        );
      }}
    />
  );
}

/**
 * One of a few choices as radio buttons in a row (what a ticket's prefix follows, how a clinic books), with its label
 * and message; an error's focus goes to the first choice.
 */
export function RadioField<T extends FieldValues>({
  control, name, required, testId, label, data, mt = 6,
}: Bound<T> & { label: string; data: Array<{ value: string; label: string }>; /** Space above the choices, to line them up with inputs beside them. */ mt?: number }) {
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => {
        const { error, withAsterisk, onBlur, ref } = boundProps(s, testId, required);
        return (
          <Radio.Group label={label} withAsterisk={withAsterisk} error={error} name={s.field.name} value={text(s.field.value)} onChange={s.field.onChange} data-testid={testId}>
            <Group gap="lg" mt={mt}>
              {data.map((d, i) => <Radio key={d.value} value={d.value} label={d.label} ref={i === 0 ? ref : undefined} onBlur={onBlur} />)}
            </Group>
          </Radio.Group>
        );
      }}
    />
  );
}
