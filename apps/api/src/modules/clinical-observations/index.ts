/**
 * The clinical observations module's public entry: vitals and allergies. One module, because the patient header
 * reads both in one audited request and both share the patient checks; other parts (encounter, prescribing, printouts)
 * use the allergy state and the last vitals from here.
 */
export { allergyStateOf } from './allergies.service.js';
export { lockAllergyState } from './observations.repository.js';
export { auditPatientRead } from './patient-access.js';
export { lastVitals } from './vitals.service.js';
export { clinicalObservationRoutes } from './observations.routes.js';
