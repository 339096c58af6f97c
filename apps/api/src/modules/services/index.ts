/** The services module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { listServices } from './services.service.js';
export { insertService, insertServiceDoctors } from './services.repository.js';
