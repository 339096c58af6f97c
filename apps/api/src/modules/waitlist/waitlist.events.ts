import type { Deps } from '../../lib/app-types.js';
import { withDb } from '../../lib/transaction.js';
import type { DomainEvents } from '../events/index.js';
import { notifyStaff } from '../notifications/index.js';
import { waitingForFreedSlot } from './waitlist.matches.js';

/**
 * After an appointment is cancelled or missed (modules/events): when waiting patients fit the slot it freed, the
 * staff concerned (the one who freed it too) are told how many.
 */
export function followWithWaitlist(deps: Deps, events: DomainEvents): void {
  events.on('waitlist', ['appointment.cancelled', 'appointment.no_show'], async (tx, e) => {
    const d = withDb(deps, tx);
    const waiting = await waitingForFreedSlot(d, e.companyId, e.appointmentId);
    if (waiting > 0) await notifyStaff(d, e.companyId, e.appointmentId, 'waitlist_match', null, { count: String(waiting) });
  });
}
