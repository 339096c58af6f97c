/** The chart feature's public entry: the patient's timeline, for the patient's page. */
export { PatientChart } from './components/patient-chart';
