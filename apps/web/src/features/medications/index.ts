/** The medications feature's public entry: the patient's medication list, for the patient's page and the encounter screen. */
export { MedicationList } from './components/medication-list';
/** The drug picker and the dose, route and frequency options, for prescribing. */
export { DrugPicker, drugLabel } from './components/drug-picker';
export { directionsText, useMedicationOptions } from './components/medication-options';
