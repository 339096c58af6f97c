import { ACCURACY_MAX_DAYS, addDays, daysBetween, localTime, safeTimeZone, type PublicTicketView, type WaitAccuracy } from '@clinic/shared';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { openQueueLink, type QueueLinkClaims } from '../../lib/queue-links.js';
import { notFound } from '../appointments/index.js';
import { accuracyOf } from './waiting-room.domain.js';
import { loadDay, ticketRecord } from './waiting-room.queue.js';
import { accuracySamples, findClinic, findShownTicket } from './waiting-room.repository.js';

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

/** The claims of a patient's queue link whose ticket still exists: 410 once its day is over, 401 otherwise. */
export async function openTicketLink(deps: Deps, token: string, now = clockNow(deps)): Promise<QueueLinkClaims & { clinicId: string }> {
  const claims = await openQueueLink(deps.db, deps.config.jwtSecret!, token, now);
  const row = await findShownTicket(deps.db, claims.companyId, claims.ticketId);
  if (!row) throw linkInvalid();
  return { ...claims, clinicId: row.ticket.clinicId };
}

/** The patient's page: their number, where they stand, the estimated wait, and where to go once called. */
export async function publicTicket(deps: Deps, token: string): Promise<PublicTicketView> {
  const now = clockNow(deps);
  const claims = await openTicketLink(deps, token, now);
  const clinic = await findClinic(deps.db, claims.companyId, claims.clinicId);
  const row = await findShownTicket(deps.db, claims.companyId, claims.ticketId);
  if (!clinic || !row) throw linkInvalid();
  const q = await loadDay(deps.db, claims.companyId, clinic, now, row.ticket.day);
  const r = ticketRecord(q.rows.find((x) => x.ticket.id === row.ticket.id) ?? row, clinic, q.lines, now);
  return {
    clinic: clinic.name, label: r.label, state: r.state, position: r.position, estimatedWaitMinutes: r.estimatedWaitMinutes,
    estimateBasis: r.estimateBasis, room: r.room, doctor: r.doctor.name, calledAt: r.calledAt, now: now.toISOString(),
  };
}
