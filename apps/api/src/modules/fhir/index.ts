/** The fhir module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { sweepExports } from './fhir.export.js';
