/** What other features use of the encounter feature. */
export { OpenEncounterButton, useOpenEncounterAfterCallIn } from './components/open-encounter-button';
export { PatientEncounters } from './components/patient-encounters';
