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

/** Hours stored one row per period (`{ day, startTime, endTime }`), as staff shifts and a complex's working days are. */
export interface DayRow { day: string; startTime: string; endTime: string }

/** Rows as days with slots, in the order of `week`. */
export function rowsToDays(rows: readonly DayRow[], week: readonly string[]): EditorDay[] {
  return week.flatMap((day) => {
    const slots = rows.filter((r) => r.day === day).map(({ startTime, endTime }) => ({ startTime, endTime }));
    return slots.length ? [{ day, timeSlots: slots }] : [];
  });
}

/** Days with slots back as one row per period. */
export function daysToRows<R extends DayRow>(days: EditorDay[]): R[] {
  return days.flatMap((d) => d.timeSlots.map((s) => ({ day: d.day, ...s }) as R));
}

/** The row index of a day's n-th period (where a schema puts its messages), or -1. */
export function rowIndexOf(rows: readonly DayRow[], day: string, slot: number): number {
  return rows.map((r, i) => (r.day === day ? i : -1)).filter((i) => i >= 0)[slot] ?? -1;
}
