/** What other features use of the reminders feature. */
export { AppointmentReminders } from './components/appointment-reminders';
export { PatientLinkActions } from './components/patient-link-actions';
