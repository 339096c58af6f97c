import type { EventInput } from '@fullcalendar/core';
import type { AppointmentAvailability, AppointmentCard } from '@clinic/shared';
import { fromMinutes, toMinutes, wallOf, type WallTime } from '@/lib/clinic-time';
import { closedRanges, type Window } from '@/features/appointments';

/** A clinic wall-clock time as the grid's UTC instant string ("09:00 local" is drawn at 09:00Z). */
export const wallIso = (date: string, minutes: number) => `${date}T${fromMinutes(Math.min(minutes, 24 * 60 - 1))}:00`;

/** The grid's instant back as the clinic's wall-clock day and time. */
export const wallFromDate = (d: Date): WallTime => {
  const iso = d.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
};
export const minutesOf = (d: Date) => d.getUTCHours() * 60 + d.getUTCMinutes();
export const alignDown = (m: number, step: number) => Math.floor(m / step) * step;
export const alignUp = (m: number, step: number) => Math.ceil(m / step) * step;

/** A card may be moved (dragged, or with the keyboard) while scheduled and to come, by someone who may book. */
export function isMovable(a: AppointmentCard, canWrite: boolean, now: WallTime, nowMinutes: number): boolean {
  const s = wallOf(a.datetime);
  return canWrite && a.status === 'scheduled' && (s.date > now.date || (s.date === now.date && toMinutes(s.time) >= nowMinutes));
}

export interface GridEventsInput {
  dates: readonly string[];
  windowsByDate: ReadonlyMap<string, Window[]>;
  bounds: { from: number; to: number };
  appointments: readonly AppointmentCard[];
  showCancelled: boolean;
  canWrite: boolean;
  now: WallTime;
  nowMinutes: number;
}

/**
 * What the week grid draws: closed and past hours behind the cells, cancelled visits as strips (when asked for), the
 * services' buffers lighter around their visits, and the appointments' cards (movable while scheduled and to come).
 */
export function gridEvents({ dates, windowsByDate, bounds, appointments, showCancelled, canWrite, now, nowMinutes }: GridEventsInput): EventInput[] {
  const list: EventInput[] = [];
  for (const date of dates) {
    for (const r of closedRanges(windowsByDate.get(date) ?? [], bounds.from, bounds.to)) {
      list.push({ start: wallIso(date, r.start), end: wallIso(date, r.end), display: 'background', classNames: ['sched-closed'], extendedProps: { kind: 'closed' } });
    }
    const pastUntil = date < now.date ? bounds.to : date === now.date ? Math.min(nowMinutes, bounds.to) : bounds.from;
    if (pastUntil > bounds.from) {
      list.push({ start: wallIso(date, bounds.from), end: wallIso(date, pastUntil), display: 'background', classNames: ['sched-past'], extendedProps: { kind: 'past' } });
    }
  }
  for (const a of appointments) {
    const s = wallOf(a.datetime);
    const e = wallOf(a.endsAt);
    if (a.status === 'cancelled') {
      // Behind the cells like the closed hours: it takes no room from the cards and a click there books the time.
      if (showCancelled) {
        list.push({
          id: a._id, title: a.patient.name, start: `${s.date}T${s.time}:00`, end: `${e.date}T${e.time}:00`,
          display: 'background', classNames: ['sched-cancelled-strip'], extendedProps: { kind: 'cancelled', record: a },
        });
      }
      continue;
    }
    // The service's buffers hold the doctor too: drawn lighter, behind the cells, around the visit.
    const startMin = toMinutes(s.time) ?? 0;
    const endMin = toMinutes(e.time) ?? 0;
    const before = a.bufferBeforeMinutes ?? 0;
    const after = a.bufferAfterMinutes ?? 0;
    if (before > 0 && startMin - before >= 0) {
      list.push({ start: wallIso(s.date, startMin - before), end: `${s.date}T${s.time}:00`, display: 'background', classNames: ['sched-buffer'], extendedProps: { kind: 'buffer' } });
    }
    if (after > 0 && e.date === s.date && endMin + after <= 24 * 60) {
      list.push({ start: `${e.date}T${e.time}:00`, end: wallIso(e.date, endMin + after), display: 'background', classNames: ['sched-buffer'], extendedProps: { kind: 'buffer' } });
    }
    const movable = isMovable(a, canWrite, now, nowMinutes);
    list.push({
      id: a._id,
      title: a.patient.name,
      start: `${s.date}T${s.time}:00`,
      end: `${e.date}T${e.time}:00`,
      classNames: [`sched-event`, `sched-${a.status}`],
      startEditable: movable,
      durationEditable: false,
      extendedProps: { kind: 'appointment', record: a },
    });
  }
  return list;
}

/** The rows: from the clinic's opening to its closing (spec default 09:00-18:00), widened for any appointment outside. */
export function gridBounds(availability: AppointmentAvailability | undefined, appointments: readonly AppointmentCard[], step: number) {
  let from = toMinutes(availability?.dayStart ?? '09:00');
  let to = toMinutes(availability?.dayEnd ?? '18:00') || 24 * 60;
  for (const a of appointments) {
    const s = wallOf(a.datetime);
    const e = wallOf(a.endsAt);
    from = Math.min(from, toMinutes(s.time));
    to = Math.max(to, e.date > s.date ? 24 * 60 : toMinutes(e.time));
  }
  return { from: alignDown(from, step), to: Math.min(alignUp(to, step), 24 * 60) };
}

/** The appointment (not cancelled) that covers a cell of `step` minutes. */
export function appointmentInCell(appointments: readonly AppointmentCard[], at: { date: string; minutes: number }, step: number) {
  return appointments.find((a) => {
    if (a.status === 'cancelled') return false;
    const s = wallOf(a.datetime);
    const e = wallOf(a.endsAt);
    const end = e.date > s.date ? 24 * 60 : toMinutes(e.time);
    return s.date === at.date && toMinutes(s.time) < at.minutes + step && end > at.minutes;
  });
}
