import type { WaitlistMatches, WaitlistMatchesQuery } from '@clinic/shared';
import { localTime, safeTimeZone, zonedIso } from '@clinic/shared';
import { evaluateStart } from '../../domain/scheduling/bookable.js';
import { matchWaitlist } from '../../domain/scheduling/waitlist.domain.js';
import { clockNow, type Deps } from '../../lib/app-types.js';
import { AppError } from '../../lib/errors.js';
import { findAppointment, findBusyTimes, heldTimes, loadBookingParties, notFound, ruleError, visitMinutes } from '../appointments/index.js';
import { findEntries, findServicePlace, toWaitlistRecord } from './waitlist.repository.js';

/*
 * Which waiting patients a freed slot fits: asked by the desk (waitlist.routes.ts) and, after an appointment was
 * cancelled or missed, by the waitlist's follower of appointment events (waitlist.events.ts).
 */

/** The freed slot: a cancelled or no-show appointment's time, or a doctor, service and start given outright. */
export async function freedSlot(deps: Deps, companyId: string, q: { appointment?: string | undefined; doctor?: string | undefined; service?: string | undefined; datetime?: string | undefined }) {
  if (q.appointment) {
    const found = await findAppointment(deps.db, companyId, q.appointment);
    if (!found) throw notFound('appointment');
    const { row, record } = found;
    if (row.status !== 'cancelled' && row.status !== 'no_show') throw new AppError(409, 'SLOT_NOT_FREE', 'errors.waitlist.slotNotFree');
    return { doctorId: row.doctorId, serviceId: row.serviceId, clinicId: row.clinicId, startsAt: row.startsAt, endsAt: row.endsAt, timeZone: record.clinicTimeZone, patientId: row.patientId };
  }
  const service = await findServicePlace(deps.db, companyId, q.service!);
  if (!service) throw notFound('service');
  const p = await loadBookingParties(deps.db, companyId, { patient: null, doctor: q.doctor!, clinic: service.clinicId, service: service.id });
  if (!p.doctor) throw notFound('doctor');
  const startsAt = new Date(q.datetime!);
  return {
    doctorId: p.doctor.id, serviceId: service.id, clinicId: service.clinicId, startsAt,
    endsAt: new Date(startsAt.getTime() + visitMinutes(p) * 60_000), timeZone: safeTimeZone(p.clinic?.timeZone), patientId: null,
  };
}

/**
 * A slot is offered to waiting patients only when booking it would be accepted: the booking rules (`evaluateStart`)
 * for the service's length, clear of the doctor's blocked time; otherwise the same refusal a booking gives.
 */
export async function assertBookable(deps: Deps, companyId: string, slot: { doctorId: string; clinicId: string; serviceId: string; startsAt: Date }) {
  const p = await loadBookingParties(deps.db, companyId, { patient: null, doctor: slot.doctorId, clinic: slot.clinicId, service: slot.serviceId });
  if (!p.doctor) throw notFound('doctor');
  if (!p.clinic) throw notFound('clinic');
  if (!p.service) throw notFound('service');
  const minutes = visitMinutes(p);
  const until = new Date(slot.startsAt.getTime() + minutes * 60_000);
  const busy = heldTimes(await findBusyTimes(deps.db, companyId, [p.doctor.id], slot.startsAt, until), p.service);
  const verdict = evaluateStart({ clinic: p.clinic, doctor: p.doctor, durationMinutes: minutes, now: clockNow(deps), busy }, slot.startsAt);
  if (verdict.ok) return;
  if (verdict.reason.code === 'DOCTOR_BUSY') throw new AppError(409, 'SLOT_NOT_FREE', 'errors.waitlist.slotNotFree');
  throw ruleError(verdict.reason.code, verdict.reason.key, 'datetime', verdict.reason.params);
}

/** The open entries a freed slot fits, in the order they are offered (priority, then the longest waiting). */
export async function waitlistMatches(deps: Deps, companyId: string, q: WaitlistMatchesQuery): Promise<WaitlistMatches> {
  const slot = await freedSlot(deps, companyId, q);
  await assertBookable(deps, companyId, slot);
  return matchesOf(slot, await findEntries(deps.db, companyId, { status: 'open', serviceId: slot.serviceId }));
}

type Slot = Awaited<ReturnType<typeof freedSlot>>;

function matchesOf(slot: Slot, rows: Awaited<ReturnType<typeof findEntries>>): WaitlistMatches {
  const start = localTime(slot.startsAt, slot.timeZone);
  const end = localTime(slot.endsAt, slot.timeZone);
  const candidates = rows.map((r) => ({
    row: r, id: r.w.id, patientId: r.w.patientId, serviceId: r.w.serviceId, doctorId: r.w.doctorId, fromDate: r.w.fromDate, toDate: r.w.toDate,
    weekdays: Array.isArray(r.w.weekdays) ? (r.w.weekdays as number[]) : [], timeFrom: r.w.timeFrom, timeTo: r.w.timeTo,
    priority: r.w.priority, createdAt: r.w.createdAt,
  }));
  const matched = matchWaitlist(candidates, {
    serviceId: slot.serviceId, doctorId: slot.doctorId, date: start.date, start: start.time, end: end.date === start.date ? end.time : '24:00', patientId: slot.patientId,
  });
  const now = new Date();
  return {
    slot: { doctor: slot.doctorId, service: slot.serviceId, datetime: zonedIso(slot.startsAt, slot.timeZone), endsAt: zonedIso(slot.endsAt, slot.timeZone) },
    entries: matched.map((m) => toWaitlistRecord(m.row, now)),
  };
}

/**
 * How many open entries fit the slot a cancelled or no-show appointment freed (0 when it freed none). The open
 * entries of the slot's service are read first: most freed slots have none waiting, and then whether the slot could
 * be booked again need not be checked.
 */
export async function waitingForFreedSlot(deps: Deps, companyId: string, appointmentId: string): Promise<number> {
  try {
    const slot = await freedSlot(deps, companyId, { appointment: appointmentId });
    const rows = await findEntries(deps.db, companyId, { status: 'open', serviceId: slot.serviceId });
    const matched = matchesOf(slot, rows).entries.length;
    if (!matched) return 0;
    await assertBookable(deps, companyId, slot);
    return matched;
  } catch (err) {
    if (err instanceof AppError) return 0;
    throw err;
  }
}
