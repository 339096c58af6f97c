/** The medications feature's public entry: the patient's medication list, for the patient's page and the encounter screen. */
export { MedicationList } from './components/medication-list';
export { directionsText } from './components/medication-options';
