import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormControl } from '@/components/form/fields';
import { PatientSelectField } from '@/components/patient-select';
import { QuickPatientDialog } from '@/features/patients';
import type { LookupRow } from '@/lib/lookups';
import { useSession } from '@/lib/session-context';
import type { AppointmentFormValues } from './appointment-form-values';

interface BookingPatientFieldProps {
  control: FormControl<AppointmentFormValues>;
  /** Chooses the patient just registered. */
  onRegistered: (patientId: string) => void;
}

/**
 * The booking's patient, among the active patients, searched on the server as the user types. A walk-in not found yet
 * can be registered quickly from here (with patient_write) and is chosen at once.
 */
export function BookingPatientField({ control, onRegistered }: BookingPatientFieldProps) {
  const { t } = useTranslation();
  const canRegister = useSession().can('patient_write');
  const [search, setSearch] = useState('');
  const [registered, setRegistered] = useState<LookupRow | null>(null);
  const [quickOpen, setQuickOpen] = useState(false);

  const addQuickly = canRegister && (
    <Anchor component="button" type="button" size="xs" onClick={() => setQuickOpen(true)} data-testid="appointment-form-patient-quick">
      {t('patients.quick.addQuickly')}
    </Anchor>
  );

  return (
    <>
      <PatientSelectField
        control={control}
        name="patient"
        activeOnly
        known={registered}
        onSearchChange={setSearch}
        label={t('appointments.form.patient')}
        placeholder={t('appointments.form.patientPlaceholder')}
        nothingFoundMessage={t('appointments.form.noPatients')}
        required
        clearable
        testId="appointment-form-patient"
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
            setRegistered({ _id: p._id, name: p.name, publicId: p.publicId });
            onRegistered(p._id);
          }}
        />
      )}
    </>
  );
}
