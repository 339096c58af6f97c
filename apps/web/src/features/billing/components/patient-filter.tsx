import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Bound } from '@/components/form/field-types';
import { boundProps } from '@/components/form/field-types';
import { usePatientSearch } from '../api/options';

/** A patient, searched on the server as the user types; `known` labels a patient chosen before (editing). */
export function PatientSelectField<T extends FieldValues>({ control, name, required, testId, label, known, disabled }: Bound<T> & { label: string; known?: { _id: string; name: string } | null; disabled?: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [labels, setLabels] = useState<Record<string, string>>(known ? { [known._id]: known.name } : {});
  const patients = usePatientSearch(debounced);
  const data = useMemo(() => {
    const found = (patients.data ?? []).map((p) => ({ value: p._id, label: p.publicId ? `${p.name} · ${p.publicId}` : p.name }));
    for (const [value, text] of Object.entries(labels)) if (!found.some((o) => o.value === value)) found.unshift({ value, label: text });
    return found;
  }, [patients.data, labels]);
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => (
        <Select
          {...boundProps(s, testId, required)}
          label={label}
          placeholder={t('finance.form.patientPlaceholder')}
          data={data}
          value={(s.field.value as string | null) || null}
          onChange={(v) => {
            const option = data.find((o) => o.value === v);
            if (v && option) setLabels({ [v]: option.label });
            s.field.onChange(v);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          disabled={disabled}
          nothingFoundMessage={patients.isFetching ? t('common.loading') : t('finance.form.noPatients')}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

/** The list's patient filter: a patient searched on the server, or all patients. */
export function PatientFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [label, setLabel] = useState<{ value: string; label: string } | null>(null);
  const patients = usePatientSearch(debounced);
  const found = (patients.data ?? []).map((p) => ({ value: p._id, label: p.publicId ? `${p.name} · ${p.publicId}` : p.name }));
  const data = label && value === label.value && !found.some((o) => o.value === value) ? [label, ...found] : found;
  return (
    <Select
      aria-label={t('finance.list.patient')}
      placeholder={t('finance.list.patient')}
      data={data}
      value={value}
      onChange={(v) => {
        const option = data.find((o) => o.value === v);
        setLabel(option ?? null);
        onChange(v);
      }}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={patients.isFetching ? t('common.loading') : t('finance.form.noPatients')}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 200 }}
      data-testid="invoices-patient-filter"
    />
  );
}
