/** The medications feature's public entry: the patient's medication list, for the patient's page and the encounter screen. */
export { MedicationList } from './components/medication-list';
export { usePatientMedications } from './api/patient-medications';
export { medicationsKeys } from './api/medications-keys';
/** The drug picker and the dose, route and frequency options, for prescribing. */
export { DrugPicker, drugLabel } from './components/drug-picker';
export { directionsText, useMedicationOptions } from './components/medication-options';
/** Drug names, strengths and forms in the interface language (the chart's medication entries). */
export { medicationName, strengthAndFormText, type MedicationTexts } from './components/medication-text';
