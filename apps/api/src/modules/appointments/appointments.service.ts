import {
  APPOINTMENT_RANGE_CAP, APPOINTMENT_RANGE_MAX_DAYS, APPOINTMENT_STATUSES, DEFAULT_LATE_CANCELLATION_HOURS, DEFAULT_VISIT_MINUTES,
  NEXT_FREE_HORIZON_DAYS, hasPermission, pageWindow, transitionSources,
  type AppointmentAvailability, type AppointmentAvailabilityQuery, type AppointmentBoard, type AppointmentCard, type AppointmentCreate,
  type AppointmentListQuery, type AppointmentRecord, type AppointmentStatus, type AppointmentUpdate, type BoardQuery, type NextFreeQuery,
  type NextFreeSlot,
} from '@clinic/shared';
import { findFreeSlots } from '../../domain/scheduling/next-free.js';
import { isLateCancellation, STATUS_STAMPS, transitionRefusal } from '../../domain/scheduling/visit-flow.js';
import { evaluateStart } from '../../domain/scheduling/bookable.js';
import { clinicHasHours, dayAvailability, weekBounds } from '../../domain/scheduling/booking-rules.js';
import { addDays, calendarDays, fromMinutes, localTime, safeTimeZone, zonedInstant, zonedIso } from '../../domain/scheduling/time-zone.js';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { fileUrl } from '../../lib/files.js';
import { AppError, validationFailed, type FieldMessage } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { isId } from '../../lib/validation.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import { t } from '../../lib/i18n.js';
import { afterAppointmentChange } from '../reminders/reminders.service.js';
import {
  clinicTimeZones, companyLateCancellationHours, findAppointment, findAppointmentCards, findAppointments,
  findBoardCards, insertAppointmentRow, patientPhones, updateAppointmentAt,
  type AppointmentChanges, type AppointmentFilters,
} from './appointments.repository.js';
import {
  clinicDoctors, findBusyTimes, loadBookingParties, loadClinicCalendar, loadDoctorCalendar, loadSlotDoctors, type BookingParties,
} from './scheduling.repository.js';


export const notFound = (what: 'appointment' | 'patient' | 'doctor' | 'clinic' | 'service') =>
  new AppError(404, what === 'appointment' ? 'NOT_FOUND' : `${what.toUpperCase()}_NOT_FOUND`, `errors.scheduling.${what}NotFound`);

/** A refused rule: 422 with the precise message, also attached to the field it concerns. */
export function ruleError(code: string, key: string, field: string, params: Record<string, string | number> = {}) {
  const fields: Record<string, FieldMessage> = { [field]: { key, params } };
  return new AppError(422, code, key, params, fields);
}

/** The database refused an overlap (exclusion constraint, SQLSTATE 23P01): say whose time is taken. */
export function overlapConflict(error: unknown): AppError | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pg.code !== '23P01') continue;
    const name = `${String(pg.constraint ?? '')} ${String(pg.message ?? '')}`;
    return name.includes('patient_no_overlap')
      ? new AppError(409, 'PATIENT_DOUBLE_BOOKED', 'errors.scheduling.patientDoubleBooked')
      : new AppError(409, 'DOCTOR_DOUBLE_BOOKED', 'errors.scheduling.doctorDoubleBooked');
  }
  return null;
}

/** Reads the spec's general filter string: `clinic={id}`, several joined by `&`, `,` or `;`. */
export function parseGeneralFilter(text: string | undefined): Partial<Record<'clinic' | 'doctor' | 'patient' | 'service' | 'status', string>> {
  const out: Partial<Record<'clinic' | 'doctor' | 'patient' | 'service' | 'status', string>> = {};
  if (!text?.trim()) return out;
  for (const part of text.split(/[&,;]/)) {
    if (!part.trim()) continue;
    const [rawKey, ...rest] = part.split('=');
    const key = rawKey?.trim();
    const value = decodeURIComponent(rest.join('=').trim());
    if (key === 'status' && (APPOINTMENT_STATUSES as readonly string[]).includes(value)) out.status = value;
    else if ((key === 'clinic' || key === 'doctor' || key === 'patient' || key === 'service') && isId(value)) out[key] = value;
    else throw validationFailed({ filter: 'validation.invalidFilter' });
  }
  return out;
}

function dayOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(text.trim());
  if (!match) throw validationFailed({ datetime: 'validation.scheduling.invalidDay' });
  return match[1];
}

/** The list's filters from its query (ids checked, the day's clinic zones loaded). */
export async function appointmentFilters(deps: Deps, caller: Caller, q: AppointmentListQuery): Promise<AppointmentFilters> {
  const general = parseGeneralFilter(q.filter);
  const ff = q.filter_fields ?? {};
  const pick = (key: 'clinic' | 'doctor' | 'patient' | 'service') => {
    const value = q[key] ?? general[key] ?? (typeof ff[key] === 'string' ? (ff[key] as string) : undefined);
    if (value !== undefined && !isId(value)) throw validationFailed({ filter_fields: 'validation.invalidFilter' });
    return value;
  };
  const single = (general.status as AppointmentStatus | undefined)
    ?? (typeof ff.status === 'string' && (APPOINTMENT_STATUSES as readonly string[]).includes(ff.status) ? (ff.status as AppointmentStatus) : undefined);
  const status = q.status ?? (single ? [single] : undefined);
  const filters: AppointmentFilters = {
    companyId: caller.companyId,
    search: q.search,
    status,
    date: q.date ?? dayOf(q.datetime),
    clinicId: pick('clinic'),
    doctorId: pick('doctor'),
    patientId: pick('patient'),
    serviceId: pick('service'),
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
  if (filters.date) filters.dayZones = await clinicTimeZones(deps.db, caller.companyId, filters.clinicId);
  return filters;
}

/** A calendar's question: lean cards of a time window (the answers the calendar cache keeps). */
export function isCalendarWindow(q: AppointmentListQuery): boolean {
  return q.view === 'calendar' && Boolean(q.from && q.to);
}

export async function listAppointments(deps: Deps, caller: Caller, q: AppointmentListQuery, given?: AppointmentFilters) {
  const filters = given ?? (await appointmentFilters(deps, caller, q));
  // A calendar window returns every appointment in it (up to the cap), earliest first unless asked otherwise.
  const ranged = Boolean(filters.from && filters.to);
  const w = ranged ? { page: 1, limit: APPOINTMENT_RANGE_CAP, offset: 0 } : pageWindow(q);
  const page = {
    limit: w.limit, offset: w.offset, sortBy: ranged && q.sortBy === '_id' ? 'datetime' : q.sortBy, order: ranged && q.sortBy === '_id' ? 'asc' as const : q.order,
  };
  if (q.view === 'calendar') {
    const { rows, total } = await findAppointmentCards(deps.db, filters, page);
    return { data: rows as AppointmentCard[] | AppointmentRecord[], total, window: w };
  }
  const { rows, total } = await findAppointments(deps.db, filters, page);
  return { data: (q.withPhone ? await withPatientPhones(deps, caller, rows) : rows) as AppointmentCard[] | AppointmentRecord[], total, window: w };
}

/** Records with their patients' phones (the printed day), read in one statement; null to a caller who may not read patients. */
async function withPatientPhones(deps: Deps, caller: Caller, rows: AppointmentRecord[]): Promise<AppointmentRecord[]> {
  if (!hasPermission(caller.permissions, 'patient_read')) return rows.map((r) => ({ ...r, patientPhone: null }));
  const phones = await patientPhones(deps.db, caller.companyId, [...new Set(rows.map((r) => r.patient._id))]);
  return rows.map((r) => ({ ...r, patientPhone: phones.get(r.patient._id) ?? null }));
}

export async function getAppointment(deps: Deps, caller: Caller, id: string): Promise<AppointmentRecord> {
  const found = await findAppointment(deps.db, caller.companyId, id);
  if (!found) throw notFound('appointment');
  return found.record;
}

/**
 * Everything except the overlap: references exist in the caller's company (404 otherwise), every party is
 * active, the service belongs to the clinic, the doctor works there and provides it, and the time keeps the
 * clinic's and doctor's hours. Overlaps are left to the database, which refuses them atomically.
 */
export function checkBooking(p: BookingParties, startsAt: Date, endsAt: Date, now: Date) {
  if (!p.patient) throw notFound('patient');
  if (!p.doctor) throw notFound('doctor');
  if (!p.clinic) throw notFound('clinic');
  if (!p.service) throw notFound('service');
  if (p.doctor.employeeType !== 'Doctor') throw ruleError('NOT_A_DOCTOR', 'errors.scheduling.notADoctor', 'doctor', { name: p.doctor.name });
  if (!p.patient.isActive) throw ruleError('PATIENT_INACTIVE', 'errors.scheduling.patientInactive', 'patient', { name: p.patient.name });
  if (!p.doctor.isActive) throw ruleError('DOCTOR_INACTIVE', 'errors.scheduling.doctorInactive', 'doctor', { name: p.doctor.name });
  if (!p.clinic.isActive) throw ruleError('CLINIC_INACTIVE', 'errors.scheduling.clinicInactive', 'clinic', { name: p.clinic.name });
  if (!p.service.isActive) throw ruleError('SERVICE_INACTIVE', 'errors.scheduling.serviceInactive', 'service', { name: p.service.name });
  if (p.service.clinicId !== p.clinic.id) {
    throw ruleError('SERVICE_NOT_AT_CLINIC', 'errors.scheduling.serviceNotAtClinic', 'service', { service: p.service.name, clinic: p.clinic.name });
  }
  if (!p.doctorWorksAtClinic) {
    throw ruleError('DOCTOR_NOT_AT_CLINIC', 'errors.scheduling.doctorNotAtClinic', 'doctor', { doctor: p.doctor.name, clinic: p.clinic.name });
  }
  if (!p.doctorProvidesService) {
    throw ruleError('DOCTOR_NOT_PROVIDING_SERVICE', 'errors.scheduling.doctorNotProvidingService', 'doctor', { doctor: p.doctor.name, service: p.service.name });
  }
  // The same rule engine that offers free times (next-free, FHIR Slot): overlaps are left to the database here.
  const verdict = evaluateStart({ clinic: p.clinic, doctor: p.doctor, durationMinutes: (endsAt.getTime() - startsAt.getTime()) / 60_000, now }, startsAt);
  if (!verdict.ok) throw ruleError(verdict.reason.code, verdict.reason.key, 'datetime', verdict.reason.params);
}

export function visitMinutes(p: BookingParties): number {
  const minutes = p.service?.durationMinutes ?? p.clinic?.averageVisitMinutes ?? DEFAULT_VISIT_MINUTES;
  return minutes > 0 ? minutes : DEFAULT_VISIT_MINUTES;
}

export const auditable = (r: AppointmentRecord) => ({
  patient: r.patient._id, doctor: r.doctor._id, clinic: r.clinic._id, service: r.service._id, datetime: r.datetime, endsAt: r.endsAt,
  reason: r.reason, status: r.status, cancellationReason: r.cancellationReason, reminderSent: r.reminderSent,
  lateCancellation: r.lateCancellation, visitNote: r.visitNote, seriesId: r.seriesId, overbooked: r.overbooked,
});

/** The permission to book on top of a doctor's other appointment ("book anyway"). */
export function mayOverbook(caller: Caller): boolean {
  return hasPermission(caller.permissions, 'appointment_overbook');
}

export interface NewAppointment {
  patient: string;
  doctor: string;
  clinic: string;
  service: string;
  reason: string;
  startsAt: Date;
  endsAt: Date;
  reminderSent?: boolean;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  overbooked?: boolean;
  seriesId?: string | null;
}

/**
 * Stores one appointment (its public number taken by the same statement): the database refuses an overlap with the
 * doctor's buffered time or the patient's visits (409, the translated reason).
 */
export async function insertAppointment(db: Db, caller: Caller, a: NewAppointment): Promise<string> {
  try {
    return await insertAppointmentRow(db, {
      companyId: caller.companyId,
      patientId: a.patient,
      doctorId: a.doctor,
      clinicId: a.clinic,
      serviceId: a.service,
      reason: a.reason,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
      status: 'scheduled',
      reminderSent: a.reminderSent ?? false,
      bufferBeforeMinutes: a.bufferBeforeMinutes,
      bufferAfterMinutes: a.bufferAfterMinutes,
      overbooked: a.overbooked ?? false,
      seriesId: a.seriesId ?? null,
      createdBy: caller.id,
    });
  } catch (error) {
    throw overlapConflict(error) ?? error;
  }
}

/** The service's buffers (the doctor's time blocked before and after the visit). */
export function buffersOf(p: BookingParties) {
  return { bufferBeforeMinutes: p.service?.bufferBeforeMinutes ?? 0, bufferAfterMinutes: p.service?.bufferAfterMinutes ?? 0 };
}

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
    await afterAppointmentChange(withDb(deps, tx), caller.companyId, caller.id, id, 'booked');
    return record;
  });
}

export type AppointmentChange = 'rescheduled' | 'updated' | 'visitNote' | Exclude<AppointmentStatus, 'scheduled'>;

/** Statuses after which nothing changes any more (except a completed visit's note). */
const FINAL_STATUSES: readonly AppointmentStatus[] = ['completed', 'no_show', 'cancelled'];

/** The company's late-cancellation hours. */
export async function lateCancellationHours(db: Db, companyId: string): Promise<number> {
  return (await companyLateCancellationHours(db, companyId)) ?? DEFAULT_LATE_CANCELLATION_HOURS;
}

const statusName = (ctx: RequestContext, status: string) => t(ctx, `errors.statuses.${status}`);

/**
 * A status change along the visit's flow (APPOINTMENT_TRANSITIONS: 409 INVALID_TRANSITION otherwise; `no_show` only
 * after the start; `cancelled` with a reason, marked late within the company's hours), a visit note (with the
 * completion, or later while completed), or a reschedule of a scheduled appointment through the booking rules.
 * One statement re-checks what the change was decided on: the appointment is still in a status the change may
 * start from and still at the version the client loaded. Of simultaneous changes exactly one applies and is
 * audited (a status change under the new status as its action); the others are 409.
 */
export async function updateAppointment(
  deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: AppointmentUpdate, now = clockNow(deps),
): Promise<{ record: AppointmentRecord; change: AppointmentChange }> {
  const found = await findAppointment(deps.db, caller.companyId, id);
  if (!found) throw notFound('appointment');
  const { row, record: before } = found;
  const current = row.status as AppointmentStatus;
  const target = input.status !== undefined && input.status !== current ? input.status : undefined;
  const reschedule = input.datetime !== undefined || (input.doctor !== undefined && input.doctor !== row.doctorId);
  const { version, ...changes } = input;
  if (!Object.values(changes).some((v) => v !== undefined)) throw validationFailed({ body: 'validation.scheduling.nothingToChange' });
  assertVersion(row, version);

  if (target) {
    const refused = transitionRefusal(current, target, row.startsAt, now);
    if (refused?.code === 'INVALID_TRANSITION') {
      throw new AppError(409, 'INVALID_TRANSITION', 'errors.scheduling.invalidTransition', { from: statusName(ctx, current), to: statusName(ctx, target) });
    }
    if (refused?.code === 'NO_SHOW_TOO_EARLY') {
      throw new AppError(409, 'NO_SHOW_TOO_EARLY', 'errors.scheduling.noShowTooEarly', { start: before.datetime.slice(0, 16).replace('T', ' ') });
    }
    if (reschedule) throw ruleError('RESCHEDULE_WITH_STATUS', 'errors.scheduling.rescheduleWithStatus', 'status');
  } else if (FINAL_STATUSES.includes(current)) {
    // History: only a completed visit's note still changes.
    const others = { ...changes, visitNote: undefined, status: undefined };
    const onlyNote = input.visitNote !== undefined && !Object.values(others).some((v) => v !== undefined);
    if (!(current === 'completed' && onlyNote)) {
      if (current === 'completed') throw ruleError('APPOINTMENT_COMPLETED', 'errors.scheduling.appointmentCompleted', 'status');
      if (current === 'cancelled') throw ruleError('APPOINTMENT_CANCELLED', 'errors.scheduling.appointmentCancelled', 'status');
      throw ruleError('RESCHEDULE_NOT_SCHEDULED', 'errors.scheduling.rescheduleNotScheduled', 'status', { status: statusName(ctx, current) });
    }
  } else if (reschedule && current !== 'scheduled') {
    throw ruleError('RESCHEDULE_NOT_SCHEDULED', 'errors.scheduling.rescheduleNotScheduled', 'datetime', { status: statusName(ctx, current) });
  }
  if (input.cancellationReason && target !== 'cancelled') throw validationFailed({ cancellationReason: 'validation.invalidValue' });
  if (input.visitNote !== undefined && target !== 'completed' && !(current === 'completed' && !target)) {
    throw ruleError('VISIT_NOTE_NOT_COMPLETED', 'errors.scheduling.visitNoteNotCompleted', 'visitNote');
  }

  const set: AppointmentChanges = { updatedAt: now };
  let change: AppointmentChange = 'updated';
  if (target) {
    if (target === 'cancelled') {
      if (!input.cancellationReason?.trim()) throw validationFailed({ cancellationReason: 'validation.scheduling.cancellationReasonRequired' });
      set.cancellationReason = input.cancellationReason.trim();
      set.lateCancellation = isLateCancellation(row.startsAt, now, await lateCancellationHours(deps.db, caller.companyId));
    }
    const stamp = STATUS_STAMPS[target as keyof typeof STATUS_STAMPS];
    set.status = target;
    set[stamp.at] = now;
    set[stamp.by] = caller.id;
    change = target as AppointmentChange;
  }
  if (input.visitNote !== undefined) {
    set.visitNote = input.visitNote?.trim() ? input.visitNote.trim() : null;
    if (!target) change = 'visitNote';
  }
  if (reschedule) {
    const doctorId = input.doctor ?? row.doctorId;
    const parties = await loadBookingParties(deps.db, caller.companyId, { patient: row.patientId, doctor: doctorId, clinic: row.clinicId, service: row.serviceId });
    const startsAt = input.datetime ? new Date(input.datetime) : row.startsAt;
    // The booking keeps its length; only its place in time (or its doctor) changes.
    const endsAt = new Date(startsAt.getTime() + (row.endsAt.getTime() - row.startsAt.getTime()));
    checkBooking(parties, startsAt, endsAt, now);
    Object.assign(set, { startsAt, endsAt, doctorId, reminderSent: false, overbooked: false });
    change = 'rescheduled';
  }
  if (input.reason !== undefined) set.reason = input.reason;
  if (input.reminderSent !== undefined) set.reminderSent = input.reminderSent;

  // The statuses the change may start from: for a transition every status it is allowed from, otherwise the one it
  // was decided on.
  const from = target ? transitionSources(target) : [current];
  let after: AppointmentRecord;
  try {
    after = await inTransaction(deps.db, async (tx) => {
      if (!(await updateAppointmentAt(tx, caller.companyId, id, version, from, set))) return staleOrMissing(async () => Boolean(await findAppointment(tx, caller.companyId, id)), () => notFound('appointment'));
      const changed = (await findAppointment(tx, caller.companyId, id))!.record;
      const b = auditable(before);
      const a = auditable(changed);
      const keys = (Object.keys(a) as Array<keyof typeof a>).filter((k) => a[k] !== b[k]);
      if (keys.length) {
        await recordAudit(tx, ctx, {
          companyId: caller.companyId, actorId: caller.id, action: target ?? 'update', entity: 'appointment', entityId: id,
          changes: { before: Object.fromEntries(keys.map((k) => [k, b[k]])), after: Object.fromEntries(keys.map((k) => [k, a[k]])) },
        });
      }
      await afterAppointmentChange(withDb(deps, tx), caller.companyId, caller.id, id, change, now);
      return changed;
    });
  } catch (error) {
    throw overlapConflict(error) ?? error;
  }
  return { record: after, change };
}

const slot = (i: { start: number; end: number }) => ({ startTime: fromMinutes(i.start), endTime: fromMinutes(i.end) });

/** The calendar's grid for a clinic (and optionally a doctor) over clinic-local days `from`..`to`. */
export async function availability(deps: Deps, caller: Caller, q: AppointmentAvailabilityQuery): Promise<AppointmentAvailability> {
  const [clinic, doctor] = await Promise.all([
    loadClinicCalendar(deps.db, caller.companyId, q.clinic),
    q.doctor ? loadDoctorCalendar(deps.db, caller.companyId, q.doctor) : Promise.resolve(null),
  ]);
  if (!clinic) throw notFound('clinic');
  if (q.doctor && !doctor) throw notFound('doctor');
  const timeZone = safeTimeZone(clinic.timeZone);
  const calendar = { timeZone, workingHours: clinic.workingHours, holidays: clinic.holidays };
  // A counted number of days (the schema already refused spans over the limit): never a loop comparing date texts.
  const dates = calendarDays(q.from, q.to, APPOINTMENT_RANGE_MAX_DAYS + 1);
  if (!dates) throw validationFailed({ to: 'validation.scheduling.rangeTooLong' });
  const days = dates.map((date) => {
    const day = dayAvailability(date, calendar, doctor);
    return {
      date: day.date,
      weekday: day.weekday,
      clinicHours: day.clinicHours.map(slot),
      holiday: day.holiday,
      doctorHours: day.doctorHours ? day.doctorHours.map(slot) : null,
      doctorAway: day.doctorAway,
    };
  });
  const bounds = weekBounds(clinic.workingHours);
  const slotMinutes = clinic.averageVisitMinutes > 0 ? clinic.averageVisitMinutes : DEFAULT_VISIT_MINUTES;
  return {
    clinic: {
      _id: clinic.id,
      name: clinic.name,
      timeZone,
      averageVisitMinutes: slotMinutes,
      isActive: clinic.isActive,
      hasWorkingHours: clinicHasHours(clinic.workingHours),
    },
    slotMinutes,
    dayStart: fromMinutes(bounds.start),
    dayEnd: fromMinutes(Math.min(bounds.end, 24 * 60)),
    days,
    doctors: (await clinicDoctors(deps.db, caller.companyId, clinic.id)).map(({ imageFileId, ...d }) => ({
      ...d,
      image: imageFileId ? fileUrl(deps, caller.companyId, imageFileId) : null,
    })),
  };
}

/**
 * A doctor's blocked time as a new visit of `service` sees it: each range widened by the new visit's own buffers, so
 * a start clear of them is one the database's overlap check accepts.
 */
export function heldTimes(busy: ReadonlyArray<{ startsAt: Date; endsAt: Date }>, service: { bufferBeforeMinutes: number; bufferAfterMinutes: number }) {
  return busy.map((b) => ({
    startsAt: new Date(b.startsAt.getTime() - service.bufferAfterMinutes * 60_000), endsAt: new Date(b.endsAt.getTime() + service.bufferBeforeMinutes * 60_000),
  }));
}

/**
 * The first free slots from `from` (default now) for a service at a clinic, of one doctor or of every active doctor
 * of the clinic who provides it, within NEXT_FREE_HORIZON_DAYS: every booking rule applies.
 */
export async function nextFree(deps: Deps, caller: Caller, q: NextFreeQuery, now = clockNow(deps)): Promise<NextFreeSlot[]> {
  const [clinic, p] = await Promise.all([
    loadClinicCalendar(deps.db, caller.companyId, q.clinic),
    loadBookingParties(deps.db, caller.companyId, { patient: null, doctor: q.doctor ?? null, clinic: q.clinic, service: q.service }),
  ]);
  if (!clinic) throw notFound('clinic');
  if (!p.service) throw notFound('service');
  if (!clinic.isActive) throw ruleError('CLINIC_INACTIVE', 'errors.scheduling.clinicInactive', 'clinic', { name: clinic.name });
  if (!p.service.isActive) throw ruleError('SERVICE_INACTIVE', 'errors.scheduling.serviceInactive', 'service', { name: p.service.name });
  if (p.service.clinicId !== clinic.id) {
    throw ruleError('SERVICE_NOT_AT_CLINIC', 'errors.scheduling.serviceNotAtClinic', 'service', { service: p.service.name, clinic: clinic.name });
  }
  if (q.doctor) {
    // The same refusals as a booking with this doctor.
    if (!p.doctor) throw notFound('doctor');
    if (p.doctor.employeeType !== 'Doctor') throw ruleError('NOT_A_DOCTOR', 'errors.scheduling.notADoctor', 'doctor', { name: p.doctor.name });
    if (!p.doctor.isActive) throw ruleError('DOCTOR_INACTIVE', 'errors.scheduling.doctorInactive', 'doctor', { name: p.doctor.name });
    if (!p.doctorWorksAtClinic) throw ruleError('DOCTOR_NOT_AT_CLINIC', 'errors.scheduling.doctorNotAtClinic', 'doctor', { doctor: p.doctor.name, clinic: clinic.name });
    if (!p.doctorProvidesService) {
      throw ruleError('DOCTOR_NOT_PROVIDING_SERVICE', 'errors.scheduling.doctorNotProvidingService', 'doctor', { doctor: p.doctor.name, service: p.service.name });
    }
  }
  const doctors = await loadSlotDoctors(deps.db, caller.companyId, clinic.id, p.service.id, q.doctor);
  const from = q.from ? new Date(Math.max(Date.parse(q.from), now.getTime())) : now;
  const until = new Date(from.getTime() + (NEXT_FREE_HORIZON_DAYS + 2) * 86_400_000);
  const busy = await findBusyTimes(deps.db, caller.companyId, doctors.map((d) => d.id), from, until);
  const timeZone = safeTimeZone(clinic.timeZone);
  const slots = findFreeSlots({
    clinic: { timeZone, workingHours: clinic.workingHours, holidays: clinic.holidays },
    doctors: doctors.map((d) => ({ id: d.id, name: d.name, calendar: d, busy: heldTimes(busy.filter((b) => b.doctorId === d.id), p.service!) })),
    // The length a booking of this service will have.
    durationMinutes: visitMinutes(p),
    stepMinutes: clinic.averageVisitMinutes > 0 ? clinic.averageVisitMinutes : DEFAULT_VISIT_MINUTES,
    from,
    now,
    horizonDays: NEXT_FREE_HORIZON_DAYS,
    limit: q.limit,
  });
  return slots.map((s) => ({ datetime: zonedIso(s.startsAt, timeZone), endsAt: zonedIso(s.endsAt, timeZone), doctor: { _id: s.doctorId, name: s.doctorName } }));
}

/** One clinic's day at the front desk (the clinic's own calendar day; today there by default). */
export async function board(deps: Deps, caller: Caller, q: BoardQuery, now = clockNow(deps)): Promise<AppointmentBoard> {
  const clinic = await loadClinicCalendar(deps.db, caller.companyId, q.clinic);
  if (!clinic) throw notFound('clinic');
  const timeZone = safeTimeZone(clinic.timeZone);
  const date = q.date ?? localTime(now, timeZone).date;
  const from = zonedInstant(date, '00:00', timeZone);
  const to = zonedInstant(addDays(date, 1), '00:00', timeZone);
  const cards = await findBoardCards(deps.db, caller.companyId, clinic.id, from, to, now, hasPermission(caller.permissions, 'billing_read'));
  const groups = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, cards.filter((c) => c.status === s)])) as AppointmentBoard['groups'];
  const counts = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, groups[s].length])) as AppointmentBoard['counts'];
  return { clinic: { _id: clinic.id, name: clinic.name, timeZone }, date, counts, groups };
}
