/** The allergies feature: what the encounter screen, prescribing and the patient page embed. */
export { AllergyBanner } from './components/allergy-banner';
export { AllergiesPanel } from './components/allergies-panel';
export { EncounterAllergies } from './components/encounter-allergies';
export { useAllergies } from './api/allergies-api';
