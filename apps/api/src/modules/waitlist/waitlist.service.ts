import { pageWindow, type WaitlistBook, type WaitlistCreate, type WaitlistListQuery, type WaitlistRecord } from '@clinic/shared';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { AppError } from '../../lib/errors.js';
import { publicIdOf } from '../../lib/public-id.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import { buffersOf, checkBooking, getAppointment, insertAppointment, loadBookingParties, notFound, ruleError, visitMinutes } from '../appointments/index.js';
import { closeOpenEntry, findEntry, findEntryPage, findServicePlace, insertEntry, toWaitlistRecord } from './waitlist.repository.js';
import { freedSlot } from './waitlist.matches.js';
import { emit } from '../events/index.js';

const entryNotFound = () => new AppError(404, 'WAITLIST_NOT_FOUND', 'errors.waitlist.notFound');
const notOpen = () => new AppError(409, 'WAITLIST_NOT_OPEN', 'errors.waitlist.notOpen');

/** A page of the entries of a status, highest priority first, then the longest waiting. */
export async function listWaitlist(deps: Deps, caller: Caller, q: WaitlistListQuery) {
  const { rows, total } = await findEntryPage(deps.db, caller.companyId, { status: q.status, serviceId: q.service, clinicId: q.clinic }, pageWindow(q));
  const now = new Date();
  return { data: rows.map((r) => toWaitlistRecord(r, now)), total };
}

/** Adds a waiting patient: the patient and service exist in the company; a chosen doctor provides the service. */
export async function addToWaitlist(deps: Deps, ctx: RequestContext, caller: Caller, input: WaitlistCreate): Promise<WaitlistRecord> {
  const service = await findServicePlace(deps.db, caller.companyId, input.service);
  if (!service) throw notFound('service');
  const p = await loadBookingParties(deps.db, caller.companyId, { patient: input.patient, doctor: input.doctor ?? null, clinic: service.clinicId, service: service.id });
  if (!p.patient) throw notFound('patient');
  if (input.doctor) {
    if (!p.doctor) throw notFound('doctor');
    if (p.doctor.employeeType !== 'Doctor') throw ruleError('NOT_A_DOCTOR', 'errors.scheduling.notADoctor', 'doctor', { name: p.doctor.name });
    if (!p.doctorProvidesService) {
      throw ruleError('DOCTOR_NOT_PROVIDING_SERVICE', 'errors.scheduling.doctorNotProvidingService', 'doctor', { doctor: p.doctor.name, service: p.service!.name });
    }
  }
  return inTransaction(deps.db, async (tx) => {
    const entryId = await insertEntry(tx, {
      companyId: caller.companyId,
      publicId: publicIdOf(caller.companyId, 'waitlist', 'WL'),
      patientId: input.patient, serviceId: service.id, clinicId: service.clinicId, doctorId: input.doctor ?? null,
      fromDate: input.fromDate ?? null, toDate: input.toDate ?? null, weekdays: [...new Set(input.weekdays)].sort(),
      timeFrom: input.timeFrom ?? null, timeTo: input.timeTo ?? null, priority: input.priority, note: input.note, createdBy: caller.id,
    });
    const entry = await findEntry(tx, caller.companyId, entryId);
    const record = toWaitlistRecord(entry!);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'waitlist_entry', entityId: record._id,
      changes: { after: { patient: input.patient, service: service.id, doctor: input.doctor ?? null, priority: input.priority } },
    });
    return record;
  });
}

/**
 * Books the entry's patient into a slot and closes the entry with the appointment, in one transaction: the entry
 * must still be open at the version the desk saw. Of two desks booking the same entry one wins, the other gets 409
 * and nothing of theirs is stored.
 */
export async function bookFromWaitlist(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: WaitlistBook) {
  const entry = await findEntry(deps.db, caller.companyId, id);
  if (!entry) throw entryNotFound();
  if (entry.w.status !== 'open') throw notOpen();
  assertVersion(entry.w, input.version);
  const slot = input.appointment
    ? await freedSlot(deps, caller.companyId, { appointment: input.appointment })
    : { doctorId: input.doctor!, startsAt: new Date(input.datetime!) };
  const parties = await loadBookingParties(deps.db, caller.companyId, {
    patient: entry.w.patientId, doctor: slot.doctorId, clinic: entry.w.clinicId, service: entry.w.serviceId,
  });
  const startsAt = slot.startsAt;
  const endsAt = new Date(startsAt.getTime() + visitMinutes(parties) * 60_000);
  checkBooking(parties, startsAt, endsAt, clockNow(deps));
  return inTransaction(deps.db, async (tx) => {
    const booked = await insertAppointment(tx, caller, {
      patient: entry.w.patientId, doctor: slot.doctorId, clinic: entry.w.clinicId, service: entry.w.serviceId,
      reason: entry.w.note || parties.service!.name, startsAt, endsAt, ...buffersOf(parties),
    });
    if (!(await closeOpenEntry(tx, caller.companyId, id, input.version, { status: 'booked', appointmentId: booked }))) {
      const now = await findEntry(tx, caller.companyId, id);
      if (now && now.w.status !== 'open') throw notOpen();
      await staleOrMissing(async () => Boolean(now), entryNotFound);
    }
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'booked', entity: 'waitlist_entry', entityId: id, changes: { after: { appointment: booked } },
    });
    const appointment = await getAppointment(withDb(deps, tx), caller, booked);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'appointment', entityId: booked,
      changes: { after: { patient: appointment.patient._id, doctor: appointment.doctor._id, datetime: appointment.datetime, waitlistEntry: id } },
    });
    await emit(tx, { type: 'appointment.booked', companyId: caller.companyId, actorId: caller.id, appointmentId: booked, clinicId: entry.w.clinicId, at: clockNow(deps).toISOString() });
    return appointment;
  });
}

/** Closes an open entry without booking (the patient no longer waits). */
export async function closeWaitlistEntry(deps: Deps, ctx: RequestContext, caller: Caller, id: string, version: number): Promise<void> {
  const entry = await findEntry(deps.db, caller.companyId, id);
  if (!entry) throw entryNotFound();
  if (entry.w.status !== 'open') throw notOpen();
  assertVersion(entry.w, version);
  await inTransaction(deps.db, async (tx) => {
    if (!(await closeOpenEntry(tx, caller.companyId, id, version, { status: 'closed' }))) {
      const now = await findEntry(tx, caller.companyId, id);
      if (now && now.w.status !== 'open') throw notOpen();
      await staleOrMissing(async () => Boolean(now), entryNotFound);
    }
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'closed', entity: 'waitlist_entry', entityId: id });
  });
}

