/**
 * The first free slots of one or several doctors for a service: each doctor's starts come from `freeStarts`, which
 * keeps only the starts the booking rules accept (`evaluateStart`: clinic and doctor hours, breaks, approved leave,
 * holidays, the service's whole duration, never in the past, clear of the doctor's held time). Pure: the caller
 * loads the calendars and the busy times.
 */
import { freeStarts, MIN_STEP_MINUTES, type BusyTimes } from './bookable.js';
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
  const all: FreeSlot[] = [];
  for (const doctor of q.doctors) {
    const ctx = { clinic: q.clinic, doctor: doctor.calendar, durationMinutes: q.durationMinutes, now: q.now, busy: doctor.busy };
    // A doctor's first `limit` starts are enough: no later one of theirs can be among the first `limit` overall.
    for (const s of freeStarts(ctx, { from: q.from, days: q.horizonDays, stepMinutes: q.stepMinutes, limit })) all.push({ ...s, doctorId: doctor.id, doctorName: doctor.name });
  }
  all.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.doctorName.localeCompare(b.doctorName) || a.doctorId.localeCompare(b.doctorId));
  return all.slice(0, limit);
}
