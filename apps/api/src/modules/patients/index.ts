/** The patients module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { todayIn } from './patients.domain.js';
export { listPatients } from './patients.service.js';
export { requirePatient } from './patients.service.js';
export { insertPatient } from './patients.repository.js';
export { loadDetails, loadForWebhook } from './patients.service.js';
export { createPatient, readPatient, updatePatient } from './patients.service.js';
export { createQuickPatient } from './patients.quick.js';
