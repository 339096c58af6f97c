/** What other features (the encounter screen, the patient's page) use of the diagnoses feature. */
export { DiagnosisPicker, type DiagnosisPickerProps } from './components/diagnosis-picker';
export { EncounterDiagnoses, type EncounterDiagnosesProps } from './components/encounter-diagnoses';
export { ProblemList, type ProblemListProps } from './components/problem-list';
/** The patient's problems and a code's or problem's title in the interface language (the patient's page counts the active ones). */
export { useProblems } from './api/problems';
export { codeTitle, problemTitle } from './components/code-title';
export { diagnosesKeys } from './api/diagnoses-keys';
