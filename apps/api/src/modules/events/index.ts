/** The events module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { type AppointmentEventType, type DomainEvents, emit } from './events.js';
