/**
 * The first free slots of one or several doctors for a service: every booking rule applies (clinic and doctor
 * hours, breaks, approved leave, holidays, the service's whole duration, never in the past) and no slot touches
 * an appointment that holds the doctor's time. Pure: the caller loads the calendars and the busy times.
 *
 * Bounded by construction: a counted number of days (the horizon), and on each day a counted number of candidate
 * starts per window (a window is at most a day long and the step is at least MIN_STEP_MINUTES).
 */
import { intersectSpans } from '@clinic/shared';
import { checkBookingTime, clinicHasHours, dayAvailability, subtract, type ClinicCalendar, type DoctorCalendar, type Interval } from './booking-rules.js';
import { addDays, fromMinutes, localTime, safeTimeZone, zonedInstant } from './time-zone.js';

/** Candidate starts are at least this far apart (and `from` is rounded up to a multiple of it). */
export const MIN_STEP_MINUTES = 5;
const DAY = 24 * 60;

export interface SlotDoctor {
  id: string;
  name: string;
  calendar: DoctorCalendar;
  /** The doctor's appointments that hold time (any order, any day). */
  busy: ReadonlyArray<{ startsAt: Date; endsAt: Date }>;
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

const overlapsAny = (start: number, end: number, busy: SlotDoctor['busy']) =>
  busy.some((b) => b.startsAt.getTime() < end && start < b.endsAt.getTime());

/** The busy times of a doctor on a clinic-local date, as local minutes (clipped to the day). */
function busyMinutes(busy: SlotDoctor['busy'], date: string, timeZone: string): Interval[] {
  const out: Interval[] = [];
  for (const b of busy) {
    const s = localTime(b.startsAt, timeZone);
    const e = localTime(b.endsAt, timeZone);
    if (s.date > date || e.date < date) continue;
    const start = s.date < date ? 0 : s.minutes;
    const end = e.date > date ? DAY : e.minutes;
    if (end > start) out.push({ start, end });
  }
  return out;
}

/**
 * The first `limit` free slots, earliest first and, at the same time, by doctor name. Each candidate is checked
 * again as instants with the booking rules themselves (`checkBookingTime`) and against the busy times, so a
 * clock change on the day (a missing or repeated hour) never yields a slot a booking would refuse.
 */
export function findFreeSlots(q: SlotSearch): FreeSlot[] {
  const limit = Math.max(0, Math.min(Math.floor(q.limit), 100));
  const duration = Math.max(1, Math.floor(q.durationMinutes));
  const step = Math.max(MIN_STEP_MINUTES, Math.floor(q.stepMinutes));
  const days = Math.max(0, Math.min(Math.floor(q.horizonDays), 366));
  if (!limit || !days || !q.doctors.length) return [];
  const tz = safeTimeZone(q.clinic.timeZone);
  const from = new Date(Math.max(q.from.getTime(), q.now.getTime()));
  const start = localTime(from, tz);
  const firstMinute = Math.ceil((start.minutes + (from.getTime() % 60_000 > 0 ? 1 : 0)) / MIN_STEP_MINUTES) * MIN_STEP_MINUTES;
  const clinicOpenAllDay = !clinicHasHours(q.clinic.workingHours);
  const found: FreeSlot[] = [];

  for (let d = 0; d < days && found.length < limit; d++) {
    const date = addDays(start.date, d);
    const today: FreeSlot[] = [];
    for (const doctor of q.doctors) {
      const day = dayAvailability(date, q.clinic, doctor.calendar);
      if (day.holiday) break;
      const clinicWindows = clinicOpenAllDay ? [{ start: 0, end: DAY }] : day.clinicHours;
      const doctorWindows = day.doctorHours ?? [{ start: 0, end: DAY }];
      let windows = subtract(intersectSpans(clinicWindows, doctorWindows), busyMinutes(doctor.busy, date, tz));
      if (d === 0) windows = subtract(windows, [{ start: 0, end: Math.min(firstMinute, DAY) }]);
      const seen = new Set<number>();
      for (const w of windows) {
        // At most DAY / step candidates in a window.
        for (let m = w.start; m + duration <= w.end; m += step) {
          const startsAt = zonedInstant(date, fromMinutes(m), tz);
          const endsAt = new Date(startsAt.getTime() + duration * 60_000);
          if (seen.has(startsAt.getTime())) continue;
          seen.add(startsAt.getTime());
          if (startsAt.getTime() < from.getTime()) continue;
          if (checkBookingTime({ startsAt, endsAt, now: q.now, clinic: q.clinic, doctor: doctor.calendar })) continue;
          if (overlapsAny(startsAt.getTime(), endsAt.getTime(), doctor.busy)) continue;
          today.push({ startsAt, endsAt, doctorId: doctor.id, doctorName: doctor.name });
        }
      }
    }
    today.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.doctorName.localeCompare(b.doctorName) || a.doctorId.localeCompare(b.doctorId));
    found.push(...today.slice(0, limit - found.length));
  }
  return found;
}
