/**
 * The one answer to "may a visit start here?" and "which starts are free?". Booking (single, series, reschedule,
 * from the waitlist), the first-available search, the FHIR Slot search and the waitlist's matches all ask
 * `evaluateStart`; `freeStarts` only proposes candidates and keeps those `evaluateStart` accepts, so whatever is
 * offered is bookable by construction. Pure: the caller loads the calendars, the busy times and the clock.
 */
import { addDays, fromMinutes, intersectSpans, localTime, zonedInstant } from '@clinic/shared';
import { checkTime, dayOf, ruleCalendars, subtract, type BookingViolation, type ClinicCalendar, type DoctorCalendar, type Interval, type RuleCalendars } from './booking-rules.js';

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
  return evaluateWith(ruleCalendars(ctx.clinic, ctx.doctor), ctx, ctx.busy, startsAt);
}

/** `evaluateStart` over calendars read once; `busy` holds at least every held time the visit could touch. */
function evaluateWith(calendars: RuleCalendars, ctx: StartContext, busy: BusyTimes | undefined, startsAt: Date): StartVerdict {
  const endsAt = new Date(startsAt.getTime() + Math.max(1, Math.round(ctx.durationMinutes)) * 60_000);
  const broken = checkTime(calendars, startsAt, endsAt, ctx.now);
  if (broken) return { ok: false, startsAt, endsAt, reason: broken };
  if (busy && overlapsAny(startsAt.getTime(), endsAt.getTime(), busy)) {
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

const DAY_MS = 86_400_000;

/**
 * Held times sorted by start, to hand each day only those near it: a search's days each read a few of the
 * doctor's month of appointments rather than all of them.
 */
class HeldTimes {
  private readonly items: Array<{ start: number; end: number; held: BusyTimes[number] }>;
  private readonly longest: number;
  constructor(busy: BusyTimes) {
    this.items = busy.map((held) => ({ start: held.startsAt.getTime(), end: held.endsAt.getTime(), held })).sort((a, b) => a.start - b.start);
    this.longest = this.items.reduce((most, i) => Math.max(most, i.end - i.start), 0);
  }

  /** Every held time overlapping [from, to) (instants), earliest start first. */
  between(from: number, to: number): BusyTimes {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.items[mid]!.start < to) lo = mid + 1;
      else hi = mid;
    }
    const out: Array<BusyTimes[number]> = [];
    for (let i = lo - 1; i >= 0 && this.items[i]!.start + this.longest > from; i--) if (this.items[i]!.end > from) out.push(this.items[i]!.held);
    return out.reverse();
  }
}

/**
 * The first free starts in a range, earliest first. Candidates are the local minutes of each day's open windows
 * (clinic hours within the doctor's shifts, minus breaks and held time), `step` apart from each window's start and,
 * on the first day, from `from` rounded up to MIN_STEP_MINUTES; each is kept only when `evaluateStart` accepts it,
 * so a clock change on the day (a missing or repeated hour) never yields a start a booking would refuse. Bounded:
 * a counted number of days, each with at most DAY / step candidates per window.
 */
export function freeStarts(ctx: StartContext, range: StartRange): FreeStart[] {
  const found: FreeStart[] = [];
  for (const day of freeStartsByDay(ctx, range)) found.push(...day.starts);
  return found;
}

/**
 * `freeStarts` a day at a time: the starts of each clinic-local day of the range (none when nothing is free), until
 * the limit is reached. A search over several doctors walks them day by day and stops once no later day can matter.
 */
export function* freeStartsByDay(ctx: StartContext, range: StartRange): Generator<{ date: string; starts: FreeStart[] }, void, undefined> {
  const limit = Math.max(0, Math.min(Math.floor(range.limit), 100));
  const days = Math.max(0, Math.min(Math.floor(range.days), 366));
  const step = Math.max(MIN_STEP_MINUTES, Math.floor(range.stepMinutes));
  const duration = Math.max(1, Math.round(ctx.durationMinutes));
  if (!limit || !days) return;
  const calendars = ruleCalendars(ctx.clinic, ctx.doctor);
  const tz = calendars.timeZone;
  const from = new Date(Math.max(range.from.getTime(), ctx.now.getTime()));
  const start = localTime(from, tz);
  const firstMinute = Math.ceil((start.minutes + (from.getTime() % 60_000 > 0 ? 1 : 0)) / MIN_STEP_MINUTES) * MIN_STEP_MINUTES;
  const held = ctx.busy ? new HeldTimes(ctx.busy) : null;
  let found = 0;
  const seen = new Set<number>();

  for (let d = 0; d < days && found < limit; d++) {
    const date = addDays(start.date, d);
    const day = dayOf(calendars, date, true);
    if (day.holiday) {
      yield { date, starts: [] };
      continue;
    }
    // Whatever a start on this date (or its visit) can touch lies well within two days either side of its UTC date.
    const utcDay = Date.parse(`${date}T00:00:00Z`);
    const busy = held ? held.between(utcDay - 2 * DAY_MS, utcDay + 3 * DAY_MS + duration * 60_000) : [];
    const clinicWindows = calendars.clinicHasHours ? day.clinicHours : [{ start: 0, end: DAY }];
    let windows = subtract(intersectSpans(clinicWindows, day.doctorHours ?? [{ start: 0, end: DAY }]), busyMinutes(busy, date, tz));
    if (d === 0) windows = subtract(windows, [{ start: 0, end: Math.min(firstMinute, DAY) }]);
    const today: FreeStart[] = [];
    for (const w of windows) {
      for (let m = w.start; m + duration <= w.end; m += step) {
        const startsAt = zonedInstant(date, fromMinutes(m), tz);
        if (seen.has(startsAt.getTime()) || startsAt.getTime() < from.getTime()) continue;
        seen.add(startsAt.getTime());
        const verdict = evaluateWith(calendars, ctx, held ? busy : undefined, startsAt);
        if (verdict.ok) today.push({ startsAt: verdict.startsAt, endsAt: verdict.endsAt });
      }
    }
    today.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const kept = today.slice(0, limit - found);
    found += kept.length;
    yield { date, starts: kept };
  }
}
