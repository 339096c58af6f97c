/**
 * One appointment opened beside a list, the calendar or the front desk's board: its details, visit steps, reminders,
 * billing and the waiting patients its slot fits. It brings the appointments, billing, reminders and waitlist features
 * together, so that none of them needs another's screen.
 */
export { AppointmentDetails } from './components/appointment-details';
