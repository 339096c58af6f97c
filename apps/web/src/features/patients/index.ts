/** What other features use of the patients feature. */
export { QuickPatientDialog } from './components/quick-patient-dialog';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { patientsRequest } from './api/get-patients';
