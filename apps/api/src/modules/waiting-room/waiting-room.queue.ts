import { addDays, localTime, safeTimeZone, ticketLabel, zonedInstant, type QueueView, type TicketRecord } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { callOrder, doctorPace, estimateWait, ticketState, type Pace } from './waiting-room.domain.js';
import { consultations, scopeTickets, type ClinicRow, type QueueScope, type ShownTicket } from './waiting-room.repository.js';

/*
 * A clinic's queue as staff and patients see it: the tickets of its local day and those still open from before its
 * midnight, every ticket's shown state, each doctor's line in call order with the doctor's pace today, and each
 * waiting ticket's place and estimated wait.
 */

/**
 * How long a ticket whose visit is still open stays in the queue after it was issued, and its patient's link works:
 * a visit checked in late in the evening is still called after midnight; one left open for a day is not.
 */
export const TICKET_OPEN_HOURS = 24;

/** The clinic-local day of an instant (YYYY-MM-DD): numbers restart at 1 each such day. */
export function clinicDay(now: Date, timeZone: string): string {
  return localTime(now, safeTimeZone(timeZone)).date;
}

/** When a clinic-local day starts. */
export function dayStart(day: string, timeZone: string): Date {
  return zonedInstant(day, '00:00', safeTimeZone(timeZone));
}

/** When a clinic-local day ends (the next one starts). */
export function dayEnd(day: string, timeZone: string): Date {
  return dayStart(addDays(day, 1), timeZone);
}

/** The queue of a clinic at an instant: its local day's tickets, and those still open issued within TICKET_OPEN_HOURS. */
export function queueScope(now: Date, timeZone: string): QueueScope {
  const since = new Date(now.getTime() - TICKET_OPEN_HOURS * 3_600_000);
  return { day: clinicDay(now, timeZone), firstDay: clinicDay(since, timeZone), since };
}

export interface DoctorLine {
  doctor: ShownTicket['doctor'];
  pace: Pace;
  /** The doctor's waiting tickets, in call order. */
  waiting: ShownTicket[];
  /** The ticket called last and not yet done, and when its patient was called. */
  current: { ticket: ShownTicket; since: Date } | null;
}

const visitLength = (t: ShownTicket, clinic: ClinicRow) => t.service.durationMinutes ?? clinic.averageVisitMinutes;

/** Each doctor's line from the day's tickets and consultations. */
export function doctorLines(
  rows: readonly ShownTicket[], done: ReadonlyArray<{ doctorId: string; from: Date | null; to: Date | null }>, clinic: ClinicRow,
): Map<string, DoctorLine> {
  const lines = new Map<string, DoctorLine>();
  const byDoctor = new Map<string, ShownTicket[]>();
  for (const r of rows) byDoctor.set(r.ticket.doctorId, [...(byDoctor.get(r.ticket.doctorId) ?? []), r]);
  for (const [doctorId, tickets] of byDoctor) {
    // The booked length: the mean of the day's visits' lengths (the service's, else the clinic's).
    const nominalMinutes = Math.round(tickets.reduce((s, t) => s + visitLength(t, clinic), 0) / tickets.length) || clinic.averageVisitMinutes;
    const pace = doctorPace({
      firstCalls: tickets.flatMap((t) => (t.ticket.firstCalledAt ? [t.ticket.firstCalledAt] : [])),
      consultations: done.filter((c) => c.doctorId === doctorId && c.from && c.to).map((c) => ({ from: c.from!, to: c.to! })),
      nominalMinutes,
    });
    const waiting = tickets.filter((t) => ticketState(t.ticket.state, t.status) === 'waiting').sort((a, b) => callOrder(a.ticket, b.ticket));
    let current: DoctorLine['current'] = null;
    for (const t of tickets) {
      const state = ticketState(t.ticket.state, t.status);
      if (state !== 'called' && state !== 'in_consultation') continue;
      const times = [t.ticket.calledAt, state === 'in_consultation' ? t.calledInAt : null].filter((d): d is Date => Boolean(d));
      if (!times.length) continue;
      const since = new Date(Math.max(...times.map((d) => d.getTime())));
      if (!current || since > current.since) current = { ticket: t, since };
    }
    lines.set(doctorId, { doctor: tickets[0]!.doctor, pace, waiting, current });
  }
  return lines;
}

/** A ticket as staff see it, with its place and estimated wait while it is waiting. */
export function ticketRecord(t: ShownTicket, clinic: ClinicRow, lines: Map<string, DoctorLine>, now: Date): TicketRecord {
  const k = t.ticket;
  const line = lines.get(k.doctorId);
  const position = line ? line.waiting.indexOf(t) : -1;
  const waiting = position >= 0 && line;
  return {
    _id: k.id,
    appointment: k.appointmentId,
    clinic: { _id: clinic.id, name: clinic.name, publicId: clinic.publicId },
    day: k.day,
    prefix: k.prefix,
    number: k.number,
    label: ticketLabel(k.prefix, k.number),
    patient: t.patient,
    doctor: t.doctor,
    service: { _id: t.service._id, name: t.service.name, publicId: t.service.publicId },
    room: k.room,
    priority: k.priority as TicketRecord['priority'],
    state: ticketState(k.state, t.status),
    issuedAt: k.issuedAt.toISOString(),
    calledAt: k.calledAt?.toISOString() ?? null,
    firstCalledAt: k.firstCalledAt?.toISOString() ?? null,
    callCount: k.callCount,
    position: waiting ? position : null,
    estimatedWaitMinutes: waiting ? estimateWait(position, line.pace.minutes, line.current?.since ?? null, now) : null,
    estimateBasis: waiting ? line.pace.basis : null,
    issuedEstimateMinutes: k.estimatedWaitMinutes,
    version: k.version,
  };
}

export interface LoadedQueue {
  day: string;
  rows: ShownTicket[];
  lines: Map<string, DoctorLine>;
}

/** A clinic's queue now (its day's tickets and those carried over from before its midnight) and each doctor's line. */
export async function loadQueue(db: Db, companyId: string, clinic: ClinicRow, now: Date): Promise<LoadedQueue> {
  const scope = queueScope(now, clinic.timeZone);
  const rows = await scopeTickets(db, companyId, clinic.id, scope);
  const done = await consultations(db, companyId, clinic.id, dayStart(scope.day, clinic.timeZone), dayEnd(scope.day, clinic.timeZone));
  return { day: scope.day, rows, lines: doctorLines(rows, done, clinic) };
}

/** The queue view: waiting tickets first in call order, then the rest, newest first; and each doctor's line. */
export function queueView(q: LoadedQueue, clinic: ClinicRow, rooms: Record<string, string>, now: Date): QueueView {
  const records = q.rows.map((r) => ({ row: r, record: ticketRecord(r, clinic, q.lines, now) }));
  const waiting = records.filter((r) => r.record.state === 'waiting').sort((a, b) => callOrder(a.row.ticket, b.row.ticket));
  const rest = records.filter((r) => r.record.state !== 'waiting').sort((a, b) => b.row.ticket.issuedAt.getTime() - a.row.ticket.issuedAt.getTime());
  const byId = new Map(records.map((r) => [r.row.ticket.id, r.record]));
  return {
    clinic: { _id: clinic.id, name: clinic.name, publicId: clinic.publicId, timeZone: clinic.timeZone },
    day: q.day,
    tickets: [...waiting, ...rest].map((r) => r.record),
    doctors: [...q.lines.entries()]
      .map(([doctorId, line]) => ({
        doctor: line.doctor,
        room: rooms[doctorId] ?? null,
        paceMinutes: line.pace.minutes,
        paceBasis: line.pace.basis,
        waiting: line.waiting.length,
        current: line.current ? byId.get(line.current.ticket.ticket.id) ?? null : null,
      }))
      .sort((a, b) => a.doctor.name.localeCompare(b.doctor.name)),
  };
}
