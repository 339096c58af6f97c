/*
 * Wall-clock time in an IANA time zone, for the API and the web alike. Appointments are instants; every rule and
 * every screen reads them on the clinic's clocks. The zone data comes from one library, Day.js with its `utc` and
 * `timezone` plugins (which read the platform's time-zone database): it answers "what is the zone's offset from
 * UTC at this instant". Everything else here is arithmetic on that answer:
 *
 * - Offsets are remembered per zone and UTC day (Day.js reads them slowly, and availability searches ask for
 *   thousands of instants). A day that starts with another offset than the next one holds a clock change: the
 *   second at which it happens is found once by halving and remembered too. (No zone changes its clocks twice in
 *   one day.)
 * - Wall time to instant is decided here rather than by `dayjs.tz(text, zone)`, whose answer for a time the clocks
 *   show twice depends on the offset of the day it runs: a time shown twice is the earlier one (as RFC 5545 reads
 *   it), and a time the clocks skip is moved forward by the jump (02:30 on the night Berlin springs forward is
 *   03:30).
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { WEEKDAYS, addDays, type Weekday } from './calendar.js';

dayjs.extend(utc);
dayjs.extend(timezone);

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

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * An instant as a Day.js value in a zone, for libraries that take one (the iCalendar writer of the calendar feeds).
 * Its offset is exact; its fields pass through the computer's own zone, so a time inside that zone's spring gap
 * reads an hour off: keep servers on UTC. The module's own arithmetic reads only the offset.
 */
export function inZone(instant: Date | number, timeZone: string): dayjs.Dayjs {
  return dayjs(instant).tz(timeZone);
}

/**
 * The zone's offset at an instant in milliseconds, as Day.js reads it. Only the offset is taken from the zoned value:
 * Day.js reads it from the instant alone, while the zoned value's own fields pass through the computer's zone.
 * (Day.js takes an offset of 16 minutes or less for hours, so the local mean times of a few zones before 1912,
 * such as Paris's +00:09:21, are not read exactly; no appointment is that old.)
 */
function libraryOffsetMs(ms: number, timeZone: string): number {
  return Math.round(inZone(ms, timeZone).utcOffset() * 60_000);
}

interface DayOffsets {
  /** Offset at the start of the UTC day. */
  start: number;
  /** The clock change inside the day: from `at` (a whole second, up to the next day's start) on, the offset is `after`. */
  change?: { at: number; after: number };
}

const MAX_REMEMBERED = 100_000;
const starts = new Map<string, number>();
const days = new Map<string, DayOffsets>();

function remember<T>(map: Map<string, T>, key: string, value: T): T {
  if (map.size >= MAX_REMEMBERED) map.clear();
  map.set(key, value);
  return value;
}

/** The zone's offset at the start of a UTC day (shared by the day and the one before it). */
function startOffset(day: number, timeZone: string): number {
  const key = `${timeZone}|${day}`;
  return starts.get(key) ?? remember(starts, key, libraryOffsetMs(day * DAY_MS, timeZone));
}

/** A UTC day's offsets: the same at both ends means no change inside (no zone changes its clocks twice in a day). */
function readDay(day: number, timeZone: string): DayOffsets {
  const start = startOffset(day, timeZone);
  const next = startOffset(day + 1, timeZone);
  if (start === next) return { start };
  let before = day * DAY_MS;
  let after = before + DAY_MS;
  while (after - before > 1000) {
    const mid = before + Math.floor((after - before) / 2000) * 1000;
    if (libraryOffsetMs(mid, timeZone) === start) before = mid;
    else after = mid;
  }
  return { start, change: { at: after, after: next } };
}

/** The last day looked up: a list's rows mostly fall on one day of one zone, so most lookups need no key at all. */
let last: { day: number; timeZone: string; offsets: DayOffsets } | null = null;

function dayOffsets(day: number, timeZone: string): DayOffsets {
  if (last !== null && last.day === day && last.timeZone === timeZone) return last.offsets;
  const key = `${timeZone}|${day}`;
  const offsets = days.get(key) ?? remember(days, key, readDay(day, timeZone));
  last = { day, timeZone, offsets };
  return offsets;
}

/** The zone's offset from UTC at an instant, in milliseconds (whole seconds). */
function offsetMs(ms: number, timeZone: string): number {
  const known = dayOffsets(Math.floor(ms / DAY_MS), timeZone);
  return known.change && ms >= known.change.at ? known.change.after : known.start;
}

/** A change of a zone's offset: from `at` (ms since the epoch) on, the clocks show `to` minutes from UTC instead of `from`. */
export interface ClockChange {
  at: number;
  from: number;
  to: number;
}

/** Every change of the zone's offset after `from` and before `to` (at most `maxDays` days are looked at). */
export function clockChanges(timeZone: string, from: number, to: number, maxDays = 4000): ClockChange[] {
  const out: ClockChange[] = [];
  const end = Math.min(to, from + maxDays * DAY_MS);
  const minutes = (ms: number) => Math.round(ms / 60_000);
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS < end; day += 1) {
    const { start, change } = dayOffsets(day, timeZone);
    if (change && change.at > from && change.at < end) out.push({ at: change.at, from: minutes(start), to: minutes(change.after) });
  }
  return out;
}

/** The zone's clocks at an instant, as milliseconds of a UTC date with the same reading. */
const wallMs = (ms: number, timeZone: string) => Math.floor(ms / 1000) * 1000 + offsetMs(ms, timeZone);

const WEEKDAY_OF_UTC_DAY: Weekday[] = [WEEKDAYS[6], ...WEEKDAYS.slice(0, 6)];

/** The wall-clock reading of an instant in a zone. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const t = instant.getTime();
  const off = offsetMs(t, timeZone);
  const wall = new Date(Math.floor(t / 1000) * 1000 + off);
  const hour = wall.getUTCHours();
  const minute = wall.getUTCMinutes();
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(hour)}:${pad(minute)}`,
    weekday: WEEKDAY_OF_UTC_DAY[wall.getUTCDay()]!,
    minutes: hour * 60 + minute,
    offsetMinutes: Math.round(off / 60_000),
  };
}

/**
 * The instant at which a zone's clocks show `date` `time` ('YYYY-MM-DD', 'HH:MM'). A time shown twice (the hour
 * the clocks go back) is its first showing; a time that does not exist (the hour they spring forward) moves
 * forward by the jump.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets a day either side: no zone changes its clocks twice within them, so the instant has one of the two.
  const before = wall - offsetMs(wall - DAY_MS, timeZone);
  const after = wall - offsetMs(wall + DAY_MS, timeZone);
  const shows = (t: number) => wallMs(t, timeZone) === wall;
  const candidates = [before, after].filter(shows);
  return new Date(candidates.length ? Math.min(...candidates) : before);
}

/** An instant written with the zone's own offset: `2026-03-29T09:00:00+02:00`. */
export function zonedIso(instant: Date, timeZone: string): string {
  const t = instant.getTime();
  const offset = Number.isFinite(t) ? offsetMs(t, timeZone) : Number.NaN;
  // Written straight from the wall clock's reading (answers and boards write thousands): years 0–9999 and whole-minute
  // offsets, which is every instant an appointment has; anything else goes the long way below.
  if (offset % 60_000 === 0) {
    const wall = new Date(Math.floor(t / 1000) * 1000 + offset);
    const year = wall.getUTCFullYear();
    if (year >= 0 && year <= 9999) {
      const minutes = offset / 60_000;
      const abs = Math.abs(minutes);
      return `${wall.toISOString().slice(0, 19)}${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
    }
  }
  const local = localTime(instant, timeZone);
  const seconds = pad(new Date(Math.floor(instant.getTime() / 1000) * 1000).getUTCSeconds());
  const off = local.offsetMinutes;
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${local.date}T${local.time}:${seconds}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The instant a zone's calendar day begins (its first wall-clock minute; 01:00 where midnight is skipped). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return zonedInstant(date, '00:00', timeZone);
}

/** The instant a zone's calendar day ends: the start of the next day (exclusive). */
export function endOfLocalDay(date: string, timeZone: string): Date {
  return zonedInstant(addDays(date, 1), '00:00', timeZone);
}

/** The same wall-clock time `days` calendar days later in the zone (not `days * 24` hours: clocks may change). */
export function addLocalDays(instant: Date, days: number, timeZone: string): Date {
  const local = localTime(instant, timeZone);
  return zonedInstant(addDays(local.date, days), local.time, timeZone);
}

/** Today's calendar date on the zone's clocks. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localTime(now, timeZone).date;
}
