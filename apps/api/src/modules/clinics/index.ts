/** The clinics module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { listClinics } from './clinics.service.js';
