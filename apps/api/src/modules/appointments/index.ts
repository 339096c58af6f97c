/** The appointments module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { insertAppointment, overlapConflict, storeAppointment, type NewAppointment } from './appointment-insert.js';
export { type AppointmentRow } from './appointment-rows.js';
export { buffersOf, checkBooking, heldTimes, lateCancellationHours, notFound, ruleError, visitLength, visitMinutes } from './appointment-rules.js';
export { findAppointment, lockAppointment, updateAppointmentAt } from './appointments.repository.js';
export { getAppointment, listAppointments } from './appointments.service.js';
export { type BookingParties, findBusyTimes, loadBookingParties, loadClinicCalendar, loadDoctorCalendar, loadSlotDoctors } from './scheduling.repository.js';
export { bookAppointment } from './appointment-booking.js';
