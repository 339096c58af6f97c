/** The prescriptions module's public entry. */
export { prescriptionRoutes } from './prescriptions.routes.js';
export { acknowledgementsFor } from './prescriptions.service.js';
