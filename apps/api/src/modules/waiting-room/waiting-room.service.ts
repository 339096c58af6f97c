import { ticketLabel, type QueueView, type TicketDetail, type TicketRecord, type TicketUpdateInput } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import { loadBookingParties, notFound as schedulingNotFound, ruleError } from '../appointments/index.js';
import { ticketState } from './waiting-room.domain.js';
import { loadQueue, queueScope, queueView, ticketRecord } from './waiting-room.queue.js';
import {
  callNextTicket, changeTicket, doctorName, findClinic, findShownTicket, insertEvent, ticketHistory, type ClinicRow, type ShownTicket, type TicketRow,
} from './waiting-room.repository.js';
import { settingsOf } from './waiting-room.settings.js';

/*
 * The clinic's queue as staff work it: its tickets (the day's, and those still open from before its midnight) and
 * each doctor's line, calling the next patient (one statement picks and marks, so two desks never call the same one),
 * calling a ticket out of turn or again, skipping it, its priority and its transfer to another doctor or room. Each
 * change commits with its history row (who and when), its audit row and the live event that refreshes the screens
 * showing the clinic's queue.
 */

const ENTITY = 'queue_ticket';

export const ticketNotFound = () => new AppError(404, 'NOT_FOUND', 'errors.waitingRoom.ticketNotFound');

export async function clinicOrFail(db: Db, companyId: string, clinicId: string): Promise<ClinicRow> {
  const clinic = await findClinic(db, companyId, clinicId);
  if (!clinic) throw schedulingNotFound('clinic');
  return clinic;
}

export async function getQueue(deps: Deps, caller: Caller, clinicId: string): Promise<QueueView> {
  const clinic = await clinicOrFail(deps.db, caller.companyId, clinicId);
  const now = clockNow(deps);
  const { rooms } = await settingsOf(deps.db, caller.companyId, clinicId);
  return queueView(await loadQueue(deps.db, caller.companyId, clinic, now), clinic, rooms, now);
}

/** A ticket as it stands now (the clinic's queue gives its place and estimate while it waits). */
async function currentRecord(db: Db, companyId: string, id: string, now: Date): Promise<TicketRecord> {
  const row = await findShownTicket(db, companyId, id);
  if (!row) throw ticketNotFound();
  const clinic = await clinicOrFail(db, companyId, row.ticket.clinicId);
  const q = await loadQueue(db, companyId, clinic, now);
  const same = q.rows.find((r) => r.ticket.id === id) ?? row;
  return ticketRecord(same, clinic, q.lines, now);
}

export async function getTicket(deps: Deps, caller: Caller, id: string): Promise<TicketDetail> {
  const record = await currentRecord(deps.db, caller.companyId, id, clockNow(deps));
  const history = await ticketHistory(deps.db, caller.companyId, id);
  return {
    ...record,
    history: history.map((h) => ({ kind: h.kind as TicketDetail['history'][number]['kind'], at: h.at.toISOString(), actor: h.actor, details: h.details })),
  };
}

interface Happened {
  kind: 'called' | 'recalled' | 'skipped' | 'priority' | 'transferred';
  action: 'call' | 'recall' | 'skip' | 'priority' | 'transfer';
  details: Record<string, unknown>;
}

/** The history row, audit row and live event of a change to a ticket, in its transaction. */
async function record(tx: Db, deps: Deps, ctx: RequestContext, caller: Caller, ticket: TicketRow, h: Happened, now: Date) {
  await insertEvent(tx, { companyId: caller.companyId, ticketId: ticket.id, clinicId: ticket.clinicId, kind: h.kind, actorId: caller.id, at: now, details: h.details });
  await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: h.action, entity: ENTITY, entityId: ticket.id, changes: h.details });
  await deps.live?.publish(tx, { c: caller.companyId, t: 'queue', k: ticket.clinicId });
}

const callDetails = (k: TicketRow) => ({ label: ticketLabel(k.prefix, k.number), room: k.room, doctor: k.doctorId });

/** Calls the next patient of the clinic (of one doctor, when given): 409 NO_ONE_WAITING when no one is. */
export async function callNext(deps: Deps, ctx: RequestContext, caller: Caller, input: { clinic: string; doctor?: string }): Promise<TicketRecord> {
  const clinic = await clinicOrFail(deps.db, caller.companyId, input.clinic);
  const now = clockNow(deps);
  const scope = queueScope(now, clinic.timeZone);
  const id = await inTransaction(deps.db, async (tx) => {
    const called = await callNextTicket(tx, caller.companyId, clinic.id, scope, input.doctor, now);
    if (!called) return null;
    const row = (await findShownTicket(tx, caller.companyId, called))!;
    await record(tx, deps, ctx, caller, row.ticket, { kind: 'called', action: 'call', details: callDetails(row.ticket) }, now);
    return called;
  });
  if (!id) {
    const doctor = input.doctor ? await doctorName(deps.db, caller.companyId, input.doctor) : null;
    if (input.doctor && doctor === null) throw schedulingNotFound('doctor');
    throw doctor
      ? new AppError(409, 'NO_ONE_WAITING', 'errors.waitingRoom.noOneWaitingFor', { doctor })
      : new AppError(409, 'NO_ONE_WAITING', 'errors.waitingRoom.noOneWaiting');
  }
  return currentRecord(deps.db, caller.companyId, id, now);
}

/** A change refused by its statement: the ticket is gone (404), was changed since (409 stale) or left the queue (409). */
async function refusal(db: Db, ctx: RequestContext, companyId: string, id: string, version: number): Promise<AppError> {
  const row = await findShownTicket(db, companyId, id);
  if (!row) return ticketNotFound();
  if (row.ticket.version !== version) return staleRecord();
  return notInQueue(ctx, row);
}

function notInQueue(ctx: RequestContext, row: ShownTicket): AppError {
  const state = t(ctx, `errors.waitingRoom.states.${ticketState(row.ticket.state, row.status)}`);
  return new AppError(409, 'TICKET_NOT_IN_QUEUE', 'errors.waitingRoom.notInQueue', { label: ticketLabel(row.ticket.prefix, row.ticket.number), state });
}

async function loadForChange(db: Db, companyId: string, id: string, version: number): Promise<ShownTicket> {
  const row = await findShownTicket(db, companyId, id);
  if (!row) throw ticketNotFound();
  if (row.ticket.version !== version) throw staleRecord();
  return row;
}

/**
 * Calls a ticket now: a waiting or skipped one out of turn ('called'), or a called one again ('recalled', the display
 * announces it once more). Its visit must still be checked in.
 */
export async function callTicket(deps: Deps, ctx: RequestContext, caller: Caller, id: string, version: number): Promise<{ record: TicketRecord; recall: boolean }> {
  const row = await loadForChange(deps.db, caller.companyId, id, version);
  const state = ticketState(row.ticket.state, row.status);
  if (state !== 'waiting' && state !== 'skipped' && state !== 'called') throw notInQueue(ctx, row);
  const recall = state === 'called';
  const now = clockNow(deps);
  await inTransaction(deps.db, async (tx) => {
    const changed = await changeTicket(tx, caller.companyId, id, version, [row.ticket.state], {
      state: 'called', calledAt: now, firstCalledAt: row.ticket.firstCalledAt ?? now, callCount: row.ticket.callCount + 1,
    });
    if (!changed) throw await refusal(tx, ctx, caller.companyId, id, version);
    await record(tx, deps, ctx, caller, changed, recall
      ? { kind: 'recalled', action: 'recall', details: callDetails(changed) }
      : { kind: 'called', action: 'call', details: { ...callDetails(changed), outOfTurn: true, from: state } }, now);
  });
  return { record: await currentRecord(deps.db, caller.companyId, id, now), recall };
}

/** Skips a waiting or called ticket (the patient did not come when called): it waits aside until called again. */
export async function skipTicket(deps: Deps, ctx: RequestContext, caller: Caller, id: string, version: number): Promise<TicketRecord> {
  const row = await loadForChange(deps.db, caller.companyId, id, version);
  const state = ticketState(row.ticket.state, row.status);
  if (state !== 'waiting' && state !== 'called') throw notInQueue(ctx, row);
  const now = clockNow(deps);
  await inTransaction(deps.db, async (tx) => {
    const changed = await changeTicket(tx, caller.companyId, id, version, ['waiting', 'called'], { state: 'skipped' });
    if (!changed) throw await refusal(tx, ctx, caller.companyId, id, version);
    await record(tx, deps, ctx, caller, changed, { kind: 'skipped', action: 'skip', details: { label: ticketLabel(changed.prefix, changed.number), from: state } }, now);
  });
  return currentRecord(deps.db, caller.companyId, id, now);
}

/**
 * A ticket's priority, or its transfer to another doctor (who works at the clinic and is active) and/or room. A ticket
 * moved to another doctor waits in that doctor's line, keeping the time it was given (and so its place in turn).
 */
export async function updateTicket(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: TicketUpdateInput): Promise<TicketRecord> {
  const row = await loadForChange(deps.db, caller.companyId, id, input.version);
  const k = row.ticket;
  const priority = input.priority !== undefined && input.priority !== k.priority ? input.priority : undefined;
  const doctor = input.doctor !== undefined && input.doctor !== k.doctorId ? input.doctor : undefined;
  const settings = await settingsOf(deps.db, caller.companyId, k.clinicId);
  const room = input.room !== undefined ? input.room : doctor ? settings.rooms[doctor] ?? null : undefined;
  const moved = doctor !== undefined || (room !== undefined && room !== k.room);
  if (priority === undefined && !moved) throw validationFailed({ body: 'validation.scheduling.nothingToChange' });
  const state = ticketState(k.state, row.status);
  if (state !== 'waiting' && state !== 'called' && state !== 'skipped') throw notInQueue(ctx, row);
  let toDoctorName: string | null = null;
  if (doctor) {
    const p = await loadBookingParties(deps.db, caller.companyId, { patient: null, doctor, clinic: k.clinicId, service: row.service._id });
    if (!p.doctor) throw schedulingNotFound('doctor');
    if (p.doctor.employeeType !== 'Doctor') throw ruleError('NOT_A_DOCTOR', 'errors.scheduling.notADoctor', 'doctor', { name: p.doctor.name });
    if (!p.doctor.isActive) throw ruleError('DOCTOR_INACTIVE', 'errors.scheduling.doctorInactive', 'doctor', { name: p.doctor.name });
    if (!p.doctorWorksAtClinic) throw ruleError('DOCTOR_NOT_AT_CLINIC', 'errors.scheduling.doctorNotAtClinic', 'doctor', { doctor: p.doctor.name, clinic: p.clinic?.name ?? '' });
    toDoctorName = p.doctor.name;
  }
  const now = clockNow(deps);
  await inTransaction(deps.db, async (tx) => {
    const changed = await changeTicket(tx, caller.companyId, id, input.version, ['waiting', 'called', 'skipped'], {
      ...(priority !== undefined ? { priority } : {}),
      ...(doctor !== undefined ? { doctorId: doctor, state: 'waiting' } : {}),
      ...(room !== undefined ? { room } : {}),
    });
    if (!changed) throw await refusal(tx, ctx, caller.companyId, id, input.version);
    const label = ticketLabel(changed.prefix, changed.number);
    if (priority !== undefined) {
      await record(tx, deps, ctx, caller, changed, { kind: 'priority', action: 'priority', details: { label, from: k.priority, to: priority } }, now);
    }
    if (moved) {
      await record(tx, deps, ctx, caller, changed, {
        kind: 'transferred', action: 'transfer', details: {
          label,
          // The names as they were, so the history reads the same after a doctor is renamed or removed.
          from: { doctor: k.doctorId, name: row.doctor.name, room: k.room },
          to: { doctor: changed.doctorId, name: toDoctorName ?? row.doctor.name, room: changed.room },
        },
      }, now);
    }
  });
  return currentRecord(deps.db, caller.companyId, id, now);
}
