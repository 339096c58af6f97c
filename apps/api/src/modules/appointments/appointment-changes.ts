import { transitionSources, type AppointmentRecord, type AppointmentStatus, type AppointmentUpdate } from '@clinic/shared';
import { isLateCancellation, STATUS_STAMPS, transitionRefusal } from '../../domain/scheduling/visit-flow.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/transaction.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import { t } from '../../lib/i18n.js';
import { openEncounterOfAppointment } from '../encounters/index.js';
import { emit, type AppointmentEventType } from '../events/index.js';
import { issueTicket } from '../waiting-room/index.js';
import { overlapConflict } from './appointment-insert.js';
import { checkBooking, lateCancellationHours, notFound, ruleError } from './appointment-rules.js';
import { findAppointment, updateAppointmentAt, type AppointmentChanges } from './appointments.repository.js';
import { auditable } from './appointments.service.js';
import { loadBookingParties } from './scheduling.repository.js';

/*
 * Changing a booked appointment: its status along the visit's flow (arrived, called in, completed, no-show,
 * cancelled), its visit note, and a reschedule to another time or doctor under the booking rules.
 */

/** `accepted`: the desk accepted a booking requested online (requested → scheduled). */
export type AppointmentChange = 'rescheduled' | 'updated' | 'visitNote' | 'accepted' | Exclude<AppointmentStatus, 'scheduled' | 'requested'>;

/** The event a change is told as (modules/events). */
function eventOf(change: AppointmentChange): AppointmentEventType {
  if (change === 'rescheduled' || change === 'cancelled' || change === 'no_show') return `appointment.${change}`;
  return change === 'updated' || change === 'visitNote' ? 'appointment.updated' : 'appointment.status_changed';
}

/** Statuses after which nothing changes any more (except a completed visit's note). */
const FINAL_STATUSES: readonly AppointmentStatus[] = ['completed', 'no_show', 'cancelled'];

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
    set.status = target;
    if (target === 'scheduled') change = 'accepted';
    else {
      const stamp = STATUS_STAMPS[target as keyof typeof STATUS_STAMPS];
      set[stamp.at] = now;
      set[stamp.by] = caller.id;
      change = target as AppointmentChange;
    }
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
      // Calling the patient in opens the visit's encounter in the same transaction (one per appointment).
      if (target === 'in_consultation') await openEncounterOfAppointment(tx, ctx, caller.companyId, caller.id, id, now);
      // Checking the patient in gives them their place in the waiting room's queue, in the same transaction.
      if (target === 'arrived') await issueTicket(tx, ctx, deps, { companyId: caller.companyId, actorId: caller.id, appointmentId: id, now });
      const changed = (await findAppointment(tx, caller.companyId, id))!.record;
      const b = auditable(before);
      const a = auditable(changed);
      const keys = (Object.keys(a) as Array<keyof typeof a>).filter((k) => a[k] !== b[k]);
      if (keys.length) {
        await recordAudit(tx, ctx, {
          companyId: caller.companyId, actorId: caller.id, action: change === 'accepted' ? 'accept' : target ?? 'update', entity: 'appointment', entityId: id,
          changes: { before: Object.fromEntries(keys.map((k) => [k, b[k]])), after: Object.fromEntries(keys.map((k) => [k, a[k]])) },
        });
      }
      await emit(tx, {
        type: eventOf(change), companyId: caller.companyId, actorId: caller.id, appointmentId: id, clinicId: row.clinicId, at: now.toISOString(),
        ...(target ? { status: target } : {}),
      });
      return changed;
    });
  } catch (error) {
    throw overlapConflict(error) ?? error;
  }
  return { record: after, change };
}
