/** The events module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { APPOINTMENT_EVENTS, type AppointmentEventType, type DomainEvent, type DomainEvents, type DomainEventType, emit } from './events.js';
