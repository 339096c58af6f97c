import type { NotificationKind } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { withDb } from '../../lib/transaction.js';
import type { AppointmentEventType, DomainEvents } from '../events/index.js';
import { announceAppointment, notifyStaff } from './notifications.service.js';

/** The bell each appointment event rings for the staff concerned (the others ring none). */
const BELL: Partial<Record<AppointmentEventType, NotificationKind>> = {
  'appointment.booked': 'appointment_booked',
  'appointment.rescheduled': 'appointment_moved',
  'appointment.cancelled': 'appointment_cancelled',
  'appointment.no_show': 'no_show',
  'appointment.confirmed': 'appointment_confirmed',
};

/**
 * After an appointment's change commits (modules/events): the staff concerned are notified (not the one who made
 * it), and open browsers refresh their boards and calendars of the appointment's clinic.
 */
export function followWithNotifications(deps: Deps, events: DomainEvents): void {
  events.on('notifications', Object.keys(BELL) as AppointmentEventType[], async (tx, e) => {
    // An online booking rang the desk's bell (kind online_booking) in its own transaction already.
    if (e.type === 'appointment.booked' && e.source === 'online') return;
    await notifyStaff(withDb(deps, tx), e.companyId, e.appointmentId, BELL[e.type]!, e.actorId);
  });
  events.on('live', [
    'appointment.booked', 'appointment.rescheduled', 'appointment.cancelled', 'appointment.no_show',
    'appointment.status_changed', 'appointment.updated', 'appointment.deleted', 'appointment.confirmed',
  ], async (tx, e) => {
    await announceAppointment(withDb(deps, tx), e.companyId, e.appointmentId, e.clinicId);
  });
}
