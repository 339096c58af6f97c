/** The specializations module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { listSpecializations } from './specializations.service.js';
