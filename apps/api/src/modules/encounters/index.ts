/** The encounters module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { openEncounterOfAppointment } from './encounters.service.js';
export { assertEncounterOfPatient, assertEncounterOpen } from './encounter-links.js';
export { assertNotSensitiveEncounterFor, blankIfMasked, joinOn, maskedFor, sensitiveEncounter, sensitiveNote, unlessMasked, visitMarkedSensitive } from './sensitivity.js';
