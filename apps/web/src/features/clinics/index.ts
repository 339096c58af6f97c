/** What other features use of the clinics feature. */
export { useCreateClinic } from './api/save-clinic';
export { ClinicForm, clinicFormValues, emptyClinic } from './components/clinic-form';
