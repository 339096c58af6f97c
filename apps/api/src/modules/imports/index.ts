/** The imports module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { importRoutes } from './imports.routes.js';
export { IMPORT_JOB } from './imports.service.js';
export { importJobHandler } from './imports.job.js';
