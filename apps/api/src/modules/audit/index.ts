/** The audit module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { listAudit } from './audit.service.js';
