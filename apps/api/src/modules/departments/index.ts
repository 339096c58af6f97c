/** The departments module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { listDepartments } from './departments.service.js';
