/** What other features use of the patients feature. */
export { QuickPatientDialog } from './components/quick-patient-dialog';
