import { ACCURACY_MAX_DAYS, addDays, daysBetween, localTime, safeTimeZone, type PublicTicketView, type WaitAccuracy } from '@clinic/shared';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { openQueueLink, type QueueLinkClaims } from '../../lib/queue-links.js';
import { notFound } from '../appointments/index.js';
import { accuracyOf } from './waiting-room.domain.js';
import { loadQueue, TICKET_OPEN_HOURS, ticketRecord } from './waiting-room.queue.js';
import { accuracySamples, findClinic, findShownTicket, type ShownTicket } from './waiting-room.repository.js';

/*
 * What the waiting room reports: the estimate given at check-in against the wait that followed (per doctor and
 * overall, over clinic-local days), and the patient's own page, opened with the signed link of their text.
 */

/** The report's period: both days given, or the 30 days up to the one given (today by default, in the company's zone). */
export async function getAccuracy(deps: Deps, caller: Caller, q: { clinic?: string; from?: string; to?: string }): Promise<WaitAccuracy> {
  if (q.clinic && !(await findClinic(deps.db, caller.companyId, q.clinic))) throw notFound('clinic');
  const to = q.to ?? (q.from ? addDays(q.from, 29) : localTime(clockNow(deps), safeTimeZone(caller.timeZone)).date);
  const from = q.from ?? addDays(to, -29);
  if (daysBetween(from, to) + 1 > ACCURACY_MAX_DAYS) throw validationFailed({ to: 'validation.dashboard.periodTooLong' });
  const rows = await accuracySamples(deps.db, caller.companyId, q.clinic, from, to);
  const doctors = new Map<string, { doctor: (typeof rows)[number]['doctor']; samples: typeof rows }>();
  for (const r of rows) {
    const entry = doctors.get(r.doctor._id) ?? { doctor: r.doctor, samples: [] };
    entry.samples.push(r);
    doctors.set(r.doctor._id, entry);
  }
  return {
    period: { from, to },
    ...accuracyOf(rows),
    byDoctor: [...doctors.values()].map((d) => ({ doctor: d.doctor, ...accuracyOf(d.samples) })),
  };
}

const linkInvalid = () => new AppError(401, 'LINK_INVALID', 'errors.reminders.linkInvalid');
const linkExpired = () => new AppError(410, 'LINK_EXPIRED', 'errors.reminders.linkExpired');

/** After the visit ended, the patient's page still says so (seen, or left) this long before the link lapses. */
export const LINK_AFTER_VISIT_MS = 60 * 60_000;

/**
 * When a ticket's link lapses: TICKET_OPEN_HOURS after the ticket was issued, whatever the clock says of days; and once
 * the visit ended (completed, cancelled, no-show), LINK_AFTER_VISIT_MS after its end if that comes first.
 */
export function linkLapse(row: ShownTicket): Date {
  const latest = row.ticket.issuedAt.getTime() + TICKET_OPEN_HOURS * 3_600_000;
  const ended = row.status === 'arrived' || row.status === 'in_consultation' ? null : row.completedAt ?? row.cancelledAt ?? row.noShowAt;
  return new Date(ended ? Math.min(latest, ended.getTime() + LINK_AFTER_VISIT_MS) : latest);
}

/**
 * The claims of a patient's queue link whose ticket still exists: 410 once it lapsed (`linkLapse`: the signature's
 * time is only the longest), 401 otherwise.
 */
export async function openTicketLink(deps: Deps, token: string, now = clockNow(deps)): Promise<QueueLinkClaims & { clinicId: string; row: ShownTicket }> {
  const claims = await openQueueLink(deps.db, deps.config.jwtSecret!, token, now);
  const row = await findShownTicket(deps.db, claims.companyId, claims.ticketId);
  if (!row) throw linkInvalid();
  const lapse = linkLapse(row);
  if (lapse <= now) throw linkExpired();
  return { ...claims, expiresAt: new Date(Math.min(claims.expiresAt.getTime(), lapse.getTime())), clinicId: row.ticket.clinicId, row };
}

/** Where to go is shown once called (the room, else the doctor), never before: a waiting patient is told their place. */
const shownWhere = (state: PublicTicketView['state']) => state === 'called' || state === 'in_consultation';

/** The patient's page: their number, where they stand, the estimated wait, and where to go once called. */
export async function publicTicket(deps: Deps, token: string): Promise<PublicTicketView> {
  const now = clockNow(deps);
  const { row, ...claims } = await openTicketLink(deps, token, now);
  const clinic = await findClinic(deps.db, claims.companyId, claims.clinicId);
  if (!clinic) throw linkInvalid();
  const q = await loadQueue(deps.db, claims.companyId, clinic, now);
  const r = ticketRecord(q.rows.find((x) => x.ticket.id === row.ticket.id) ?? row, clinic, q.lines, now);
  const where = shownWhere(r.state);
  return {
    clinic: clinic.name, label: r.label, state: r.state, position: r.position, estimatedWaitMinutes: r.estimatedWaitMinutes,
    estimateBasis: r.estimateBasis, room: where ? r.room : null, doctor: where ? r.doctor.name : null, calledAt: r.calledAt, now: now.toISOString(),
  };
}
