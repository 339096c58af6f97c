/** What other features (the encounter screen, the patient's page) use of the diagnoses feature. */
export { DiagnosisPicker, type DiagnosisPickerProps } from './components/diagnosis-picker';
export { EncounterDiagnoses, type EncounterDiagnosesProps } from './components/encounter-diagnoses';
export { ProblemList, type ProblemListProps } from './components/problem-list';
