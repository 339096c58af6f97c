/** The notifications module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { notifyAppointment, notifyStaff } from './notifications.service.js';
