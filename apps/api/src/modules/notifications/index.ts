/** The notifications module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { notifyAdministrators, notifyAppointment, notifyEmployees, notifyStaff } from './notifications.service.js';
