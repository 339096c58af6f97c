import { ticketLabel } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/request-context.js';
import { estimateWait } from './waiting-room.domain.js';
import { loadQueue, queueScope } from './waiting-room.queue.js';
import { appointmentFacts, findClinic, findTicketOfAppointment, insertEvent, insertTicket, nextNumber, type TicketRow } from './waiting-room.repository.js';
import { prefixFor, settingsOf } from './waiting-room.settings.js';
import { planQueueText } from './waiting-room.text.js';

/*
 * The ticket a patient is given at check-in, inside the check-in's own transaction: the next number of the clinic's
 * local day (after those still in the queue from before its midnight) (and the prefix the clinic gives the doctor or service), the doctor's room, the estimate of the wait as of
 * now (kept to be compared with the actual wait), its history row, audit row and live event, and the text with the
 * patient's link as a job.
 */

export interface IssueTicket {
  companyId: string;
  /** Who checked the patient in. */
  actorId: string | null;
  appointmentId: string;
  now: Date;
}

/** Gives the checked-in visit its ticket (or answers the one it has). */
export async function issueTicket(tx: Db, ctx: RequestContext | null, deps: Pick<Deps, 'config' | 'live'>, input: IssueTicket): Promise<TicketRow> {
  const { companyId, appointmentId, now } = input;
  const existing = await findTicketOfAppointment(tx, companyId, appointmentId);
  if (existing) return existing;
  const facts = await appointmentFacts(tx, companyId, appointmentId);
  const clinic = facts && (await findClinic(tx, companyId, facts.clinicId));
  if (!facts || !clinic) throw new Error(`appointment ${appointmentId} has no clinic to queue in`);
  const settings = await settingsOf(tx, companyId, clinic.id);
  const scope = queueScope(now, clinic.timeZone);
  const prefix = prefixFor(settings, facts.doctorId, facts.serviceId);

  // The estimate as of now: everyone already waiting for the doctor is ahead of a new, normal-priority ticket.
  const queue = await loadQueue(tx, companyId, clinic, now);
  const line = queue.lines.get(facts.doctorId);
  const estimate = line
    ? { minutes: estimateWait(line.waiting.length, line.pace.minutes, line.current?.since ?? null, now), basis: line.pace.basis }
    : { minutes: 0, basis: 'nominal' as const };

  const number = await nextNumber(tx, companyId, clinic.id, scope, prefix);
  const ticket = await insertTicket(tx, {
    companyId, clinicId: clinic.id, appointmentId, day: scope.day, prefix, number, doctorId: facts.doctorId, room: settings.rooms[facts.doctorId] ?? null,
    issuedAt: now, estimatedWaitMinutes: estimate.minutes, estimateBasis: estimate.basis,
  });
  const details = { label: ticketLabel(prefix, number), room: ticket.room, doctor: facts.doctorId, estimate: estimate.minutes, basis: estimate.basis };
  await insertEvent(tx, { companyId, ticketId: ticket.id, clinicId: clinic.id, kind: 'issued', actorId: input.actorId, at: now, details });
  const texted = settings.sendLink && (await planQueueText(tx, deps, companyId, ticket, now));
  await recordAudit(tx, ctx, { companyId, actorId: input.actorId, action: 'issue', entity: 'queue_ticket', entityId: ticket.id, changes: { ...details, texted } });
  await deps.live?.publish(tx, { c: companyId, t: 'queue', k: clinic.id });
  return ticket;
}
