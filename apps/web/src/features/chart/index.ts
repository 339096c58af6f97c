/** The chart feature's public entry: the patient's timeline, for the patient's page. */
export { PatientChart } from './components/patient-chart';
/** Its query keys, for what changes what the chart shows (a break-the-glass grant). */
export { chartKeys } from './api/chart';
