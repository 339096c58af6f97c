/** What other features use of the clinics feature. */
export { useCreateClinic } from './api/save-clinic';
export { ClinicForm, clinicFormValues, emptyClinic } from './components/clinic-form';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { clinicsRequest } from './api/get-clinics';
