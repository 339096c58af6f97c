import type { Ref } from 'react';
import type { SelectProps } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { boundProps, type Bound, type Own } from '@/components/form/field-types';
import { SearchSelect } from '@/components/search-select';
import { patientLabel, usePatientSearch, type LookupRow, type PatientSearch } from '@/lib/lookups';

type Handled = 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter';

export interface PatientSelectProps extends Omit<SelectProps, Handled>, PatientSearch {
  value: string | null;
  onChange: (value: string | null) => void;
  /** A patient the search may not list, labelled all the same (the one chosen before, or one just registered). */
  known?: LookupRow | null;
  /** Told what the user types (for example to start a new patient's name with it). */
  onSearchChange?: (search: string) => void;
  ref?: Ref<HTMLInputElement>;
}

const useAnyPatient = (search: string) => usePatientSearch(search);
const useActivePatient = (search: string) => usePatientSearch(search, { activeOnly: true });

/**
 * A patient, searched on the server as the user types (a `SearchSelect`). A chosen patient keeps its label while
 * another search shows other patients. Any other prop goes to the Mantine select.
 */
export function PatientSelect({ value, onChange, activeOnly, ...props }: PatientSelectProps) {
  return (
    <SearchSelect<LookupRow>
      {...props}
      value={value}
      onChange={(next) => onChange(next)}
      useSearch={activeOnly ? useActivePatient : useAnyPatient}
      labelOf={patientLabel}
    />
  );
}

/** The patient of a form: a `PatientSelect` bound to a field of the form's values. */
export function PatientSelectField<T extends FieldValues>({
  control, name, required, testId, ...props
}: Bound<T> & Omit<PatientSelectProps, Own | 'value' | 'onChange'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => {
        // Not focused by a refused submit: focusing a searchable select opens its list, which would cover the form's
        // messages (and a list of 30 patients scrolls without a focusable element in it). The next field is focused.
        const { ref: _focus, ...bound } = boundProps(s, testId, required);
        return <PatientSelect {...props} {...bound} value={(s.field.value as string | null) ?? null} onChange={s.field.onChange} />;
      }}
    />
  );
}
