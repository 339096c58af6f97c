import { type AppointmentCreate, type AppointmentRecord } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/transaction.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { emit } from '../events/index.js';
import { storeAppointment, type NewAppointment } from './appointment-insert.js';
import { toRecord, type AppointmentRow } from './appointment-rows.js';
import { buffersOf, checkBooking, mayOverbook, visitMinutes } from './appointment-rules.js';
import { auditable } from './appointments.service.js';
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
  const ref = (p: { id: string; name: string; publicId: string } | null, id: string) => ({ _id: id, name: p?.name ?? '', publicId: p?.publicId ?? '' });
  return inTransaction(deps.db, async (tx) => {
    let row: AppointmentRow;
    let overbooked = false;
    if (!input.overbook) row = await storeAppointment(tx, caller, fields);
    else {
      try {
        // In a savepoint: an overlap refused here leaves the transaction usable for the overbooking below.
        row = await tx.transaction(async (sp) => storeAppointment(sp as unknown as Db, caller, fields));
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'DOCTOR_DOUBLE_BOOKED')) throw error;
        // Only a real overlap with the doctor's time is marked: a free slot is booked as an ordinary appointment.
        row = await storeAppointment(tx, caller, { ...fields, overbooked: true });
        overbooked = true;
      }
    }
    // The record from the stored row and the parties read before (names do not change inside the booking's checks).
    const record = toRecord({
      a: row, patient: ref(parties.patient, row.patientId), doctor: ref(parties.doctor, row.doctorId), clinic: ref(parties.clinic, row.clinicId),
      service: ref(parties.service, row.serviceId), clinicTimeZone: parties.clinic?.timeZone ?? null,
    }, clockNow(deps));
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: overbooked ? 'overbook' : 'create', entity: 'appointment', entityId: row.id,
      changes: { after: auditable(record) },
    });
    await emit(tx, { type: 'appointment.booked', companyId: caller.companyId, actorId: caller.id, appointmentId: row.id, clinicId: record.clinic._id, at: clockNow(deps).toISOString() });
    return record;
  });
}
