/** The cliniccollections module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { listComplexes } from './complexes.service.js';
