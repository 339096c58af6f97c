import {
  addDays, daysBetween, localTime, safeTimeZone, type SeriesBookingResult, type SeriesCancelQuery, type SeriesCreate,
  type SeriesOccurrence, type SeriesRecord, type SeriesUpdate, zonedInstant, zonedIso,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { expandRecurrence, toRrule } from '../../domain/scheduling/recurrence.domain.js';
import { isLateCancellation } from '../../domain/scheduling/visit-flow.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleRecord } from '../../lib/versioning.js';
import { type AppointmentRow, type BookingParties, buffersOf, checkBooking, insertAppointment, lateCancellationHours, loadBookingParties, notFound, overlapConflict, visitMinutes } from '../appointments/index.js';
import {
  claimSeriesVersion, findOccurrences, findSeries, insertSeries, seriesRecord, updateScheduledOccurrence, type SeriesRow,
} from './series.repository.js';
import { emit } from '../events/index.js';

const seriesNotFound = () => new AppError(404, 'SERIES_NOT_FOUND', 'errors.series.notFound');

/** Thrown inside a preview's transaction so that everything it wrote is rolled back. */
class PreviewDone extends Error {}

/** The parties must exist (404 refuses the whole series); every other rule is answered per occurrence. */
function requireParties(p: BookingParties): asserts p is BookingParties & { clinic: NonNullable<BookingParties['clinic']> } {
  if (!p.patient) throw notFound('patient');
  if (!p.doctor) throw notFound('doctor');
  if (!p.clinic) throw notFound('clinic');
  if (!p.service) throw notFound('service');
}

/**
 * Books a series: every occurrence that passes the single booking's rules is booked, the others are answered with
 * the same translated reason a single booking gives. All of it is one transaction: nothing is half booked, and when
 * no occurrence is free nothing is stored (409). A preview runs exactly the same bookings and rolls them back, so it
 * answers what booking would do.
 */
export async function createSeries(deps: Deps, ctx: RequestContext, caller: Caller, input: SeriesCreate, preview: boolean): Promise<SeriesBookingResult> {
  const parties = await loadBookingParties(deps.db, caller.companyId, input);
  requireParties(parties);
  const timeZone = safeTimeZone(parties.clinic.timeZone);
  const first = localTime(new Date(input.datetime), timeZone);
  const expanded = expandRecurrence(input.recurrence, { date: first.date, time: first.time });
  if ('problem' in expanded) {
    const { field, key, params } = expanded.problem;
    throw validationFailed({ [field === 'until' ? 'recurrence.until' : 'recurrence']: params ? { key, params } : key });
  }
  const rrule = toRrule(input.recurrence, first.date);
  const minutes = visitMinutes(parties);
  const buffers = buffersOf(parties);
  const now = clockNow(deps);
  const slots = expanded.occurrences.map((o) => {
    const startsAt = zonedInstant(o.date, o.time, timeZone);
    return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
  });

  let result: SeriesBookingResult | undefined;
  try {
    await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      let series: SeriesRow | null = null;
      if (!preview) {
        series = await insertSeries(tx, {
          companyId: caller.companyId, patientId: input.patient, doctorId: input.doctor, clinicId: input.clinic, serviceId: input.service,
          reason: input.reason, rrule, localDate: first.date, localTime: first.time, timeZone, createdBy: caller.id,
        });
      }
      const occurrences: SeriesOccurrence[] = [];
      for (const slot of slots) {
        const shown = { datetime: zonedIso(slot.startsAt, timeZone), endsAt: zonedIso(slot.endsAt, timeZone) };
        try {
          checkBooking(parties, slot.startsAt, slot.endsAt, now);
          // Each occurrence in its own savepoint: a refused one (an overlap) leaves the others booked.
          const id = await tx.transaction(async (sp) => insertAppointment(sp as unknown as Db, caller, {
            ...input, ...slot, ...buffers, seriesId: series?.id ?? null,
          }));
          occurrences.push({ ...shown, free: true, code: null, message: null, appointment: preview ? null : id });
        } catch (error) {
          if (!(error instanceof AppError) || error.status === 404) throw error;
          occurrences.push({ ...shown, free: false, code: error.code, message: t(ctx, error.messageKey, error.params), appointment: null });
        }
      }
      const booked = occurrences.filter((o) => o.free).length;
      result = {
        series: series ? { _id: series.id, rrule: series.rrule, version: series.version } : null,
        rrule, occurrences, booked, refused: occurrences.length - booked,
      };
      if (preview) throw new PreviewDone();
      if (!booked) throw new AppError(409, 'SERIES_NOTHING_FREE', 'errors.series.nothingFree');
      await recordAudit(tx, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'appointment_series', entityId: series!.id,
        changes: { after: { rrule, patient: input.patient, doctor: input.doctor, service: input.service, appointments: occurrences.flatMap((o) => o.appointment ?? []) } },
      });
      await emitSeriesChange(tx, caller, input.clinic, occurrences.flatMap((o) => o.appointment ?? []), 'booked', now);
    });
  } catch (error) {
    if (!(error instanceof PreviewDone)) throw error;
  }
  return result!;
}

/**
 * The event of a change of a series' occurrences, in the transaction of the change: one event about the first
 * occurrence, naming the others, so each occurrence's reminders follow and the staff are told once, not once per visit.
 */
async function emitSeriesChange(tx: Db, caller: Caller, clinicId: string, ids: string[], change: 'booked' | 'rescheduled' | 'cancelled', now: Date) {
  const [first, ...also] = ids;
  if (!first) return;
  await emit(tx, { type: `appointment.${change}`, companyId: caller.companyId, actorId: caller.id, appointmentId: first, clinicId, also, at: now.toISOString() });
}

export async function getSeries(deps: Deps, caller: Caller, id: string): Promise<SeriesRecord> {
  const row = await findSeries(deps.db, caller.companyId, id);
  if (!row) throw seriesNotFound();
  return seriesRecord(deps.db, caller.companyId, row);
}

/**
 * The scheduled occurrences a scoped change applies to: the one given (`this`), it and the later ones
 * (`following`), or all. Completed, checked-in, no-show and cancelled occurrences are never part of it.
 */
async function inScope(db: Db, caller: Caller, series: SeriesRow, scope: SeriesCancelQuery['scope'], occurrence: string | undefined) {
  const all = await findOccurrences(db, caller.companyId, series.id);
  let anchor: AppointmentRow | undefined;
  if (scope !== 'all') {
    if (!occurrence) throw validationFailed({ occurrence: 'validation.series.occurrenceRequired' });
    anchor = all.find((o) => o.id === occurrence);
    if (!anchor) throw new AppError(422, 'OCCURRENCE_NOT_IN_SERIES', 'errors.series.occurrenceNotInSeries', undefined, { occurrence: 'errors.series.occurrenceNotInSeries' });
  }
  const picked = all.filter((o) => o.status === 'scheduled' && (
    scope === 'all' || (scope === 'this' ? o.id === anchor!.id : o.startsAt.getTime() >= anchor!.startsAt.getTime())
  ));
  if (!picked.length) throw new AppError(409, 'SERIES_NOTHING_TO_CHANGE', 'errors.series.nothingToChange');
  return { picked, anchor: anchor ?? picked[0]! };
}

/** Raises the series' version if it is still the one the change is based on (409 STALE_RECORD otherwise). */
async function claimSeries(tx: Db, caller: Caller, series: SeriesRow, version: number, set: Partial<SeriesRow> = {}) {
  if (!(await claimSeriesVersion(tx, caller.companyId, series.id, version, set))) throw staleRecord();
}

/** Cancels the scheduled occurrences in scope, in one transaction; each is audited like a single cancellation. */
export async function cancelSeries(deps: Deps, ctx: RequestContext, caller: Caller, id: string, q: SeriesCancelQuery, now = clockNow(deps)): Promise<number> {
  const series = await findSeries(deps.db, caller.companyId, id);
  if (!series) throw seriesNotFound();
  assertVersion(series, q.version);
  const { picked } = await inScope(deps.db, caller, series, q.scope, q.occurrence);
  const hours = await lateCancellationHours(deps.db, caller.companyId);
  const reason = q.reason?.trim() || null;
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await claimSeries(tx, caller, series, q.version);
    for (const o of picked) {
      const done = await updateScheduledOccurrence(tx, caller.companyId, o.id, {
        status: 'cancelled', cancellationReason: reason, cancelledAt: now, cancelledBy: caller.id,
        lateCancellation: isLateCancellation(o.startsAt, now, hours), updatedAt: now,
      });
      // Someone checked the patient in (or changed it) meanwhile: nothing of the change applies.
      if (!done) throw staleRecord();
      await recordAudit(tx, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'cancelled', entity: 'appointment', entityId: o.id,
        changes: { before: { status: 'scheduled' }, after: { status: 'cancelled', cancellationReason: reason, series: series.id, scope: q.scope } },
      });
    }
    await emitSeriesChange(tx, caller, series.clinicId, picked.map((o) => o.id), 'cancelled', now);
  });
  return picked.length;
}

/**
 * Moves the scheduled occurrences in scope: the anchor occurrence to `datetime`, the others by the same number of
 * days and to the same clinic-local time (so a move stays at the same wall-clock time across daylight saving);
 * optionally to another doctor, or with another reason. Every moved occurrence passes the booking rules; if one
 * cannot move, nothing moves (its date and reason in the answer).
 */
export async function updateSeries(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: SeriesUpdate, now = clockNow(deps)): Promise<number> {
  const series = await findSeries(deps.db, caller.companyId, id);
  if (!series) throw seriesNotFound();
  if (input.datetime === undefined && input.doctor === undefined && input.reason === undefined) {
    throw validationFailed({ body: 'validation.scheduling.nothingToChange' });
  }
  assertVersion(series, input.version);
  const { picked, anchor } = await inScope(deps.db, caller, series, input.scope, input.occurrence);
  const timeZone = safeTimeZone(series.timeZone);
  const anchorLocal = localTime(anchor.startsAt, timeZone);
  const target = input.datetime ? localTime(new Date(input.datetime), timeZone) : null;
  const dayShift = target ? daysBetween(anchorLocal.date, target.date) : 0;

  const partiesByDoctor = new Map<string, BookingParties>();
  const moves: Array<{ o: AppointmentRow; doctorId: string; startsAt: Date; endsAt: Date; date: string; buffers: ReturnType<typeof buffersOf> }> = [];
  for (const o of picked) {
    const doctorId = input.doctor ?? o.doctorId;
    let parties = partiesByDoctor.get(doctorId);
    if (!parties) {
      parties = await loadBookingParties(deps.db, caller.companyId, { patient: o.patientId, doctor: doctorId, clinic: o.clinicId, service: o.serviceId });
      partiesByDoctor.set(doctorId, parties);
    }
    const local = localTime(o.startsAt, timeZone);
    const startsAt = target ? zonedInstant(addDays(local.date, dayShift), target.time, timeZone) : o.startsAt;
    const endsAt = new Date(startsAt.getTime() + (o.endsAt.getTime() - o.startsAt.getTime()));
    try {
      if (target || input.doctor) checkBooking(parties, startsAt, endsAt, now);
    } catch (error) {
      throw refusedOccurrence(ctx, error, local.date);
    }
    moves.push({ o, doctorId, startsAt, endsAt, date: local.date, buffers: buffersOf(parties) });
  }
  // Moving later, the latest goes first (and earlier, the earliest), so no occurrence lands on one not yet moved.
  const later = target ? zonedInstant(target.date, target.time, timeZone).getTime() >= anchor.startsAt.getTime() : true;
  moves.sort((x, y) => (later ? -1 : 1) * (x.o.startsAt.getTime() - y.o.startsAt.getTime()));

  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await claimSeries(tx, caller, series, input.version, input.scope === 'all' ? {
      ...(input.doctor ? { doctorId: input.doctor } : {}), ...(input.reason ? { reason: input.reason } : {}),
    } : {});
    for (const m of moves) {
      try {
        const done = await updateScheduledOccurrence(tx, caller.companyId, m.o.id, {
          startsAt: m.startsAt, endsAt: m.endsAt, doctorId: m.doctorId, ...(input.reason ? { reason: input.reason } : {}),
          ...(target || input.doctor ? { reminderSent: false, overbooked: false, ...m.buffers } : {}),
          updatedAt: now,
        });
        if (!done) throw staleRecord();
      } catch (error) {
        throw refusedOccurrence(ctx, overlapConflict(error) ?? error, m.date);
      }
      await recordAudit(tx, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: target || input.doctor ? 'rescheduled' : 'update', entity: 'appointment', entityId: m.o.id,
        changes: {
          before: { datetime: zonedIso(m.o.startsAt, timeZone), doctor: m.o.doctorId, reason: m.o.reason },
          after: { datetime: zonedIso(m.startsAt, timeZone), doctor: m.doctorId, reason: input.reason ?? m.o.reason, series: series.id, scope: input.scope },
        },
      });
    }
    await emitSeriesChange(tx, caller, series.clinicId, moves.map((m) => m.o.id), 'rescheduled', now);
  });
  return moves.length;
}

/** A rule or an overlap refused one occurrence of a move: the same status and code, the date and reason in the message. */
function refusedOccurrence(ctx: RequestContext, error: unknown, date: string): unknown {
  if (!(error instanceof AppError) || error.status === 404 || error.code === 'STALE_RECORD') return error;
  const reason = t(ctx, error.messageKey, error.params);
  return new AppError(error.status, error.code, 'errors.series.occurrenceRefused', { date, reason });
}
