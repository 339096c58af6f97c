/** The prescriptions module's public entry. */
export { prescriptionRoutes } from './prescriptions.routes.js';
