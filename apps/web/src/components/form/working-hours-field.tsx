import type { ComponentProps } from 'react';
import { Controller, useFormState, type FieldPath, type FieldValues } from 'react-hook-form';
import type { FormControl } from './fields';
import { messageAt } from './form-errors';
import { WorkingHoursEditor, type EditorDay, type SlotEdge } from './working-hours-editor';

type EditorProps = Omit<ComponentProps<typeof WorkingHoursEditor>, 'value' | 'onChange' | 'slotError' | 'dayError' | 'error'>;

interface WorkingHoursFieldProps<T extends FieldValues, V> extends EditorProps {
  control: FormControl<T>;
  name: FieldPath<T>;
  /** The form's stored shape as days with slots, and back. */
  toDays: (value: V) => EditorDay[];
  fromDays: (days: EditorDay[], previous: V) => V;
  /** Where the message of a slot's time (and of a whole day) sits in the form's errors. */
  slotPath: (value: V, day: string, slot: number, edge: SlotEdge) => string | null;
  dayPath?: (value: V, day: string) => string | null;
}

/** The working-hours editor bound to a form field of any stored shape (clinic days, staff shifts, account shifts). */
export function WorkingHoursField<T extends FieldValues, V>({ control, name, toDays, fromDays, slotPath, dayPath, ...props }: WorkingHoursFieldProps<T, V>) {
  const { errors } = useFormState({ control, name });
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const raw = field.value as V;
        const at = (path: string | null | undefined) => (path ? messageAt(errors, path) : undefined);
        return (
          <WorkingHoursEditor
            {...props}
            value={toDays(raw)}
            onChange={(days) => {
              field.onChange(fromDays(days, raw));
              field.onBlur();
            }}
            error={messageAt(errors, name)}
            slotError={(day, slot, edge) => at(slotPath(raw, day, slot, edge))}
            dayError={(day) => at(dayPath?.(raw, day))}
          />
        );
      }}
    />
  );
}
