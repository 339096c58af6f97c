import { useMemo, useState } from 'react';
import { Anchor, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { QuickPatientDialog } from '@/features/patients/components/quick-patient-dialog';
import { useSession } from '@/lib/session-context';
import { usePatientOptions } from '../api/get-booking-options';

export interface PatientSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur: () => void;
  error?: string;
}

/**
 * The booking's patient, searched on the server as the user types; the chosen patient keeps its label while another
 * search shows other patients. A walk-in not found yet can be registered quickly from here (with patient_write) and
 * is chosen at once.
 */
export function PatientSelect({ value, onChange, onBlur, error }: PatientSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const patients = usePatientOptions(debouncedSearch);
  const canRegister = useSession().can('patient_write');
  const [quickOpen, setQuickOpen] = useState(false);

  const options = useMemo(() => {
    const found = (patients.data ?? []).map((p) => ({ value: p._id, label: p.publicId ? `${p.name} · ${p.publicId}` : p.name }));
    if (value && !found.some((o) => o.value === value) && labels[value]) found.unshift({ value, label: labels[value]! });
    return found;
  }, [patients.data, labels, value]);

  const addQuickly = canRegister && (
    <Anchor component="button" type="button" size="xs" onClick={() => setQuickOpen(true)} data-testid="appointment-form-patient-quick">
      {t('patients.quick.addQuickly')}
    </Anchor>
  );

  return (
    <>
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
        description={addQuickly || undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      {canRegister && (
        <QuickPatientDialog
          key={String(quickOpen)}
          opened={quickOpen}
          initialName={/\d/.test(search) ? '' : search}
          onClose={() => setQuickOpen(false)}
          onCreated={(p) => {
            setLabels((prev) => ({ ...prev, [p._id]: `${p.name} · ${p.publicId}` }));
            onChange(p._id);
          }}
        />
      )}
    </>
  );
}
