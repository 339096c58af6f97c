import { type AppointmentCreate, type AppointmentRecord } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { emit } from '../events/index.js';
import { insertAppointment, type NewAppointment } from './appointment-insert.js';
import { buffersOf, checkBooking, mayOverbook, visitMinutes } from './appointment-rules.js';
import { auditable, getAppointment } from './appointments.service.js';
import { loadBookingParties } from './scheduling.repository.js';

/**
 * Books one appointment. With `overbook` (permission appointment_overbook, 403 without it) an overlap with the
 * doctor's other appointments is accepted on purpose: the appointment is marked overbooked and audited as such. The
 * patient's own overlap is refused all the same.
 */
export async function bookAppointment(deps: Deps, ctx: RequestContext, caller: Caller, input: AppointmentCreate): Promise<AppointmentRecord> {
  if (input.status !== 'scheduled') throw validationFailed({ status: 'validation.scheduling.newAppointmentStatus' });
  if (input.overbook && !mayOverbook(caller)) throw new AppError(403, 'OVERBOOK_NOT_ALLOWED', 'errors.series.overbookNotAllowed');
  const parties = await loadBookingParties(deps.db, caller.companyId, input);
  const startsAt = new Date(input.datetime);
  const endsAt = new Date(startsAt.getTime() + visitMinutes(parties) * 60_000);
  checkBooking(parties, startsAt, endsAt, clockNow(deps));
  const fields: NewAppointment = { ...input, startsAt, endsAt, ...buffersOf(parties) };
  return inTransaction(deps.db, async (tx) => {
    let id: string;
    let overbooked = false;
    try {
      // In a savepoint: an overlap refused here leaves the transaction usable for the overbooking below.
      id = await tx.transaction(async (sp) => insertAppointment(sp as unknown as Db, caller, fields));
    } catch (error) {
      if (!(input.overbook && error instanceof AppError && error.code === 'DOCTOR_DOUBLE_BOOKED')) throw error;
      // Only a real overlap with the doctor's time is marked: a free slot is booked as an ordinary appointment.
      id = await insertAppointment(tx, caller, { ...fields, overbooked: true });
      overbooked = true;
    }
    const record = await getAppointment(withDb(deps, tx), caller, id);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: overbooked ? 'overbook' : 'create', entity: 'appointment', entityId: id,
      changes: { after: auditable(record) },
    });
    await emit(tx, { type: 'appointment.booked', companyId: caller.companyId, actorId: caller.id, appointmentId: id, clinicId: record.clinic._id, at: clockNow(deps).toISOString() });
    return record;
  });
}
