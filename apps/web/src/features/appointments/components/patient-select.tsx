import { useTranslation } from 'react-i18next';
import type { FormControl } from '@/components/form/fields';
import { PatientSelectField } from '@/components/patient-select';
import type { AppointmentFormValues } from './appointment-form-values';
import { useQuickPatient } from './quick-patient';

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
  const quick = useQuickPatient(onRegistered, 'appointment-form-patient-quick');
  return (
    <>
      <PatientSelectField
        control={control}
        name="patient"
        activeOnly
        {...quick.fieldProps}
        label={t('appointments.form.patient')}
        placeholder={t('appointments.form.patientPlaceholder')}
        nothingFoundMessage={t('appointments.form.noPatients')}
        required
        clearable
        testId="appointment-form-patient"
        description={quick.link}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      {quick.dialog}
    </>
  );
}
