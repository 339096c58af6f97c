/**
 * The first free slots of one or several doctors for a service: each doctor's starts come from `freeStartsByDay`, which
 * keeps only the starts the booking rules accept (`evaluateStart`: clinic and doctor hours, breaks, approved leave,
 * holidays, the service's whole duration, never in the past, clear of the doctor's held time). Pure: the caller
 * loads the calendars and the busy times.
 */
import { addDays, safeTimeZone, startOfLocalDay } from '@clinic/shared';
import { freeStartsByDay, MIN_STEP_MINUTES, type BusyTimes } from './bookable.js';
import type { ClinicCalendar, DoctorCalendar } from './booking-rules.js';

export { MIN_STEP_MINUTES };

export interface SlotDoctor {
  id: string;
  name: string;
  calendar: DoctorCalendar;
  /** The doctor's appointments that hold time (any order, any day). */
  busy: BusyTimes;
}

export interface SlotSearch {
  clinic: ClinicCalendar;
  doctors: readonly SlotDoctor[];
  /** The service's length. */
  durationMinutes: number;
  /** Distance between candidate starts inside a free window (the clinic's grid step). */
  stepMinutes: number;
  /** Search from this instant (earlier than `now` is read as `now`). */
  from: Date;
  now: Date;
  /** Days looked at, from `from`'s clinic-local day. */
  horizonDays: number;
  limit: number;
}

export interface FreeSlot {
  startsAt: Date;
  endsAt: Date;
  doctorId: string;
  doctorName: string;
}

/** The first `limit` free slots over the doctors, earliest first and, at the same time, by doctor name. */
export function findFreeSlots(q: SlotSearch): FreeSlot[] {
  const limit = Math.max(0, Math.min(Math.floor(q.limit), 100));
  if (!limit) return [];
  // The doctors in the answer's order for slots at the same time (by name, then id), compared once rather than per slot.
  const doctors = [...q.doctors].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  // A doctor's first `limit` starts are enough: no later one of theirs can be among the first `limit` overall.
  const walks = doctors.map((doctor) => ({
    doctor,
    days: freeStartsByDay(
      { clinic: q.clinic, doctor: doctor.calendar, durationMinutes: q.durationMinutes, now: q.now, busy: doctor.busy },
      { from: q.from, days: q.horizonDays, stepMinutes: q.stepMinutes, limit },
    ),
  }));
  const all: Array<FreeSlot & { rank: number }> = [];
  const order = (a: { startsAt: Date; rank: number }, b: { startsAt: Date; rank: number }) => a.startsAt.getTime() - b.startsAt.getTime() || a.rank - b.rank;
  const timeZone = safeTimeZone(q.clinic.timeZone);
  // Day by day over every doctor (they walk the same clinic-local days): a day's starts are never earlier than the
  // day's first instant, so once `limit` slots lie before the next day begins, no later day can add one of them.
  for (let live = walks.length; live > 0;) {
    live = 0;
    let date: string | null = null;
    walks.forEach(({ doctor, days }, rank) => {
      const next = days.next();
      if (next.done) return;
      live += 1;
      date = next.value.date;
      for (const s of next.value.starts) all.push({ startsAt: s.startsAt, endsAt: s.endsAt, doctorId: doctor.id, doctorName: doctor.name, rank });
    });
    if (date === null || all.length < limit) continue;
    all.sort(order);
    if (all[limit - 1]!.startsAt.getTime() < startOfLocalDay(addDays(date, 1), timeZone).getTime()) break;
  }
  all.sort(order);
  return all.slice(0, limit).map(({ rank: _rank, ...slot }) => slot);
}
