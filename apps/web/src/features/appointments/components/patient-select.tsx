import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { usePatientOptions } from '../api/get-booking-options';

export interface PatientSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur: () => void;
  error?: string;
}

/**
 * The booking's patient, searched on the server as the user types; the chosen patient keeps its label while another
 * search shows other patients.
 */
export function PatientSelect({ value, onChange, onBlur, error }: PatientSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const patients = usePatientOptions(debouncedSearch);

  const options = useMemo(() => {
    const found = (patients.data ?? []).map((p) => ({ value: p._id, label: p.publicId ? `${p.name} · ${p.publicId}` : p.name }));
    if (value && !found.some((o) => o.value === value) && labels[value]) found.unshift({ value, label: labels[value]! });
    return found;
  }, [patients.data, labels, value]);

  return (
    <Select
      label={t('appointments.form.patient')}
      placeholder={t('appointments.form.patientPlaceholder')}
      data={options}
      value={value}
      onChange={(next, option) => {
        if (next && option) setLabels((prev) => ({ ...prev, [next]: option.label }));
        onChange(next);
      }}
      onBlur={onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={patients.isFetching ? t('common.loading') : t('appointments.form.noPatients')}
      error={error}
      withAsterisk
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid="appointment-form-patient"
    />
  );
}
