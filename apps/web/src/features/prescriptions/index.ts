/** The prescriptions feature's public entry: the panel for the encounter screen and the patient's clinical area. */
export { PrescriptionPanel } from './components/prescription-panel';
export { prescriptionKeys } from './api/prescriptions';
