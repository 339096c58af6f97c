import { useMemo, useState, type Ref } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { boundProps, type Bound, type Own } from '@/components/form/field-types';
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

/**
 * A patient, searched on the server as the user types. A chosen patient keeps its label while another search shows
 * other patients. Any other prop goes to the Mantine select.
 */
export function PatientSelect({ value, onChange, known, activeOnly, onSearchChange, ...props }: PatientSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const patients = usePatientSearch(debounced, { activeOnly });
  const data = useMemo(() => {
    const found = (patients.data ?? []).map((p) => ({ value: p._id, label: patientLabel(p) }));
    const label = value && (labels[value] ?? (known?._id === value ? patientLabel(known) : undefined));
    if (value && label && !found.some((o) => o.value === value)) found.unshift({ value, label });
    return found;
  }, [patients.data, labels, known, value]);
  return (
    <Select
      comboboxProps={{ withinPortal: true }}
      {...props}
      nothingFoundMessage={patients.isFetching ? t('common.loading') : props.nothingFoundMessage}
      data={data}
      value={value || null}
      onChange={(next, option) => {
        if (next && option) setLabels((prev) => ({ ...prev, [next]: option.label }));
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        onSearchChange?.(text);
      }}
      filter={({ options }) => options}
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
