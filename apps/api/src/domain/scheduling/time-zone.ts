/**
 * Clinic-local time for instants, with the platform's Intl data (no date library).
 * Appointments are stored as instants; every rule is checked in the clinic's IANA time zone.
 */
import { daysBetween } from '@clinic/shared';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface LocalTime {
  /** 'YYYY-MM-DD' in the zone. */
  date: string;
  /** 'HH:MM' in the zone. */
  time: string;
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
  /** Offset of the zone from UTC at that instant, in minutes (Berlin in summer: 120). */
  offsetMinutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'long',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone to compute with: a clinic with a broken zone falls back to UTC rather than failing every booking. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall-clock reading of an instant in a zone, from the platform's time-zone data (slow: see `localTime`). */
export function intlLocalTime(instant: Date, timeZone: string): LocalTime & { exactOffsetMs: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return {
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    time: `${pad(hour)}:${pad(minute)}`,
    weekday: parts.weekday as Weekday,
    minutes: hour * 60 + minute,
    offsetMinutes: Math.round((asUtc - wholeSeconds) / 60_000),
    exactOffsetMs: asUtc - wholeSeconds,
  };
}

/**
 * Zone offsets by quarter hour of UTC. Offsets change only at transitions, which fall on whole quarter hours; a
 * quarter whose two ends read different offsets (or an offset that is not whole minutes, as in old local mean
 * times) is never cached and always asks the platform.
 */
const QUARTER_MS = 15 * 60_000;
const offsets = new Map<string, number>();
const MAX_CACHED_OFFSETS = 50_000;

function cachedOffsetMinutes(instant: Date, timeZone: string): number | null {
  const quarter = Math.floor(instant.getTime() / QUARTER_MS);
  const key = `${timeZone}|${quarter}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const start = intlLocalTime(new Date(quarter * QUARTER_MS), timeZone);
  const end = intlLocalTime(new Date((quarter + 1) * QUARTER_MS - 1000), timeZone);
  if (start.exactOffsetMs !== end.exactOffsetMs || start.exactOffsetMs % 60_000 !== 0) return null;
  if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
  offsets.set(key, start.offsetMinutes);
  return start.offsetMinutes;
}

const WEEKDAY_OF_UTC_DAY: Weekday[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The wall-clock reading of an instant in a zone. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const offsetMinutes = cachedOffsetMinutes(instant, timeZone);
  if (offsetMinutes === null) {
    const { exactOffsetMs: _exact, ...reading } = intlLocalTime(instant, timeZone);
    return reading;
  }
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMinutes * 60_000);
  const hour = wall.getUTCHours();
  const minute = wall.getUTCMinutes();
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(hour)}:${pad(minute)}`,
    weekday: WEEKDAY_OF_UTC_DAY[wall.getUTCDay()]!,
    minutes: hour * 60 + minute,
    offsetMinutes,
  };
}

/**
 * The instant at which a zone's clocks show `date` `time`. In the spring gap (a time that does not exist
 * locally) the clocks' new offset is used, so 02:30 on the day Berlin springs forward becomes 03:30.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = localTime(new Date(wall), timeZone).offsetMinutes;
  const guess = wall - first * 60_000;
  const second = localTime(new Date(guess), timeZone).offsetMinutes;
  if (second === first) return new Date(guess);
  const retry = wall - second * 60_000;
  // In the gap neither offset reproduces the wall time: take the later reading.
  return localTime(new Date(retry), timeZone).time === time ? new Date(retry) : new Date(Math.max(guess, retry));
}

/** An instant written with the zone's own offset: `2026-03-29T09:00:00+02:00`. */
export function zonedIso(instant: Date, timeZone: string): string {
  const local = localTime(instant, timeZone);
  const seconds = pad(new Date(Math.floor(instant.getTime() / 1000) * 1000).getUTCSeconds());
  const off = local.offsetMinutes;
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${local.date}T${local.time}:${seconds}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** 'HH:MM' -> minutes since midnight; '24:00' is the end of the day. Null for anything else. */
export function toMinutes(time: string | null | undefined): number | null {
  if (typeof time !== 'string') return null;
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (m > 59 || h > 24 || (h === 24 && m !== 0)) return null;
  return h * 60 + m;
}

export function fromMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Adds whole days to a 'YYYY-MM-DD' date. Throws rather than write a date that is not four-digit YYYY-MM-DD
 * (the day after 9999-12-31 would be '+010000-01-01', which sorts before it); the API's dates are bounded
 * (DATE_MIN..DATE_MAX in the shared schemas), so this never happens for a validated request.
 */
export function addDays(date: string, days: number): string {
  const t = DAY_TEXT.test(date) ? Date.parse(`${date}T00:00:00Z`) + days * 86_400_000 : Number.NaN;
  const out = Number.isFinite(t) && Number.isInteger(days) ? new Date(t).toISOString().slice(0, 10) : '';
  if (!DAY_TEXT.test(out)) throw new RangeError(`addDays: ${date} + ${days} days is not a calendar date`);
  return out;
}

/** Most days a day loop walks (a year): the longest window the API accepts is far shorter. */
export const MAX_LOOP_DAYS = 366;

/**
 * The calendar dates from `from` to `to`, both included, counted from the number of days between them (never
 * by comparing date texts, so the loop ends by construction). Null when either is not an accepted calendar
 * date, `to` is earlier than `from`, or there would be more than `maxDays` of them.
 */
export function calendarDays(from: string, to: string, maxDays = MAX_LOOP_DAYS): string[] | null {
  const span = daysBetween(from, to);
  if (!(span >= 0 && span < Math.min(maxDays, MAX_LOOP_DAYS))) return null;
  return Array.from({ length: span + 1 }, (_, i) => addDays(from, i));
}

/** The weekday of a calendar date (independent of any zone). */
export function weekdayOf(date: string): Weekday {
  const jsDay = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(jsDay + 6) % 7]!;
}
