/**
 * The one answer to "may a visit start here?" and "which starts are free?". Booking (single, series, reschedule,
 * from the waitlist), the first-available search, the FHIR Slot search and the waitlist's matches all ask
 * `evaluateStart`; `freeStarts` only proposes candidates and keeps those `evaluateStart` accepts, so whatever is
 * offered is bookable by construction. Pure: the caller loads the calendars, the busy times and the clock.
 */
import { addDays, fromMinutes, intersectSpans, localTime, safeTimeZone, zonedInstant } from '@clinic/shared';
import { checkBookingTime, clinicHasHours, dayAvailability, subtract, type BookingViolation, type ClinicCalendar, type DoctorCalendar, type Interval } from './booking-rules.js';

/** Candidate starts are at least this far apart (and a search's start is rounded up to a multiple of it). */
export const MIN_STEP_MINUTES = 5;
const DAY = 24 * 60;

export type BusyTimes = ReadonlyArray<{ startsAt: Date; endsAt: Date }>;

export interface StartContext {
  clinic: ClinicCalendar;
  doctor: DoctorCalendar;
  /** The visit's length in minutes. */
  durationMinutes: number;
  /** The clock: nothing before it is bookable. */
  now: Date;
  /**
   * The doctor's held time (already widened by the service's buffers). Omitted when the database is the judge of
   * overlaps (a booking's insert is refused atomically by its exclusion constraint).
   */
  busy?: BusyTimes;
}

export type StartRefusal = BookingViolation | { code: 'DOCTOR_BUSY'; key: 'errors.scheduling.doctorDoubleBooked'; params: Record<string, string> };
export type StartVerdict = { ok: true; startsAt: Date; endsAt: Date } | { ok: false; startsAt: Date; endsAt: Date; reason: StartRefusal };

const overlapsAny = (start: number, end: number, busy: BusyTimes) => busy.some((b) => b.startsAt.getTime() < end && start < b.endsAt.getTime());

/** Whether a visit of the context's length may start at `startsAt`, and if not the first rule it breaks. */
export function evaluateStart(ctx: StartContext, startsAt: Date): StartVerdict {
  const endsAt = new Date(startsAt.getTime() + Math.max(1, Math.round(ctx.durationMinutes)) * 60_000);
  const broken = checkBookingTime({ startsAt, endsAt, now: ctx.now, clinic: ctx.clinic, doctor: ctx.doctor });
  if (broken) return { ok: false, startsAt, endsAt, reason: broken };
  if (ctx.busy && overlapsAny(startsAt.getTime(), endsAt.getTime(), ctx.busy)) {
    return { ok: false, startsAt, endsAt, reason: { code: 'DOCTOR_BUSY', key: 'errors.scheduling.doctorDoubleBooked', params: {} } };
  }
  return { ok: true, startsAt, endsAt };
}

export interface StartRange {
  /** Search from this instant (earlier than the context's `now` is read as `now`). */
  from: Date;
  /** Clinic-local days looked at, from `from`'s day (at most a year). */
  days: number;
  /** Distance between candidate starts inside a free window (the clinic's grid step; at least MIN_STEP_MINUTES). */
  stepMinutes: number;
  /** At most this many starts (at most 100). */
  limit: number;
}

export interface FreeStart {
  startsAt: Date;
  endsAt: Date;
}

/** The doctor's held times on a clinic-local date, as local minutes (clipped to the day). */
function busyMinutes(busy: BusyTimes, date: string, timeZone: string): Interval[] {
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
 * The first free starts in a range, earliest first. Candidates are the local minutes of each day's open windows
 * (clinic hours within the doctor's shifts, minus breaks and held time), `step` apart from each window's start and,
 * on the first day, from `from` rounded up to MIN_STEP_MINUTES; each is kept only when `evaluateStart` accepts it,
 * so a clock change on the day (a missing or repeated hour) never yields a start a booking would refuse. Bounded:
 * a counted number of days, each with at most DAY / step candidates per window.
 */
export function freeStarts(ctx: StartContext, range: StartRange): FreeStart[] {
  const limit = Math.max(0, Math.min(Math.floor(range.limit), 100));
  const days = Math.max(0, Math.min(Math.floor(range.days), 366));
  const step = Math.max(MIN_STEP_MINUTES, Math.floor(range.stepMinutes));
  const duration = Math.max(1, Math.round(ctx.durationMinutes));
  if (!limit || !days) return [];
  const tz = safeTimeZone(ctx.clinic.timeZone);
  const from = new Date(Math.max(range.from.getTime(), ctx.now.getTime()));
  const start = localTime(from, tz);
  const firstMinute = Math.ceil((start.minutes + (from.getTime() % 60_000 > 0 ? 1 : 0)) / MIN_STEP_MINUTES) * MIN_STEP_MINUTES;
  const clinicOpenAllDay = !clinicHasHours(ctx.clinic.workingHours);
  const busy = ctx.busy ?? [];
  const found: FreeStart[] = [];
  const seen = new Set<number>();

  for (let d = 0; d < days && found.length < limit; d++) {
    const date = addDays(start.date, d);
    const day = dayAvailability(date, ctx.clinic, ctx.doctor);
    if (day.holiday) continue;
    const clinicWindows = clinicOpenAllDay ? [{ start: 0, end: DAY }] : day.clinicHours;
    let windows = subtract(intersectSpans(clinicWindows, day.doctorHours ?? [{ start: 0, end: DAY }]), busyMinutes(busy, date, tz));
    if (d === 0) windows = subtract(windows, [{ start: 0, end: Math.min(firstMinute, DAY) }]);
    const today: FreeStart[] = [];
    for (const w of windows) {
      for (let m = w.start; m + duration <= w.end; m += step) {
        const startsAt = zonedInstant(date, fromMinutes(m), tz);
        if (seen.has(startsAt.getTime()) || startsAt.getTime() < from.getTime()) continue;
        seen.add(startsAt.getTime());
        const verdict = evaluateStart(ctx, startsAt);
        if (verdict.ok) today.push({ startsAt: verdict.startsAt, endsAt: verdict.endsAt });
      }
    }
    today.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    found.push(...today.slice(0, limit - found.length));
  }
  return found;
}
