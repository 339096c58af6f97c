/*
 * Calendar dates ('YYYY-MM-DD', a day on a clinic's calendar, not an instant) and wall-clock times ('HH:MM').
 * No zone is involved here: a calendar date is read at UTC midnight, where no clock ever changes.
 */
import { daysSinceEpoch, daysBetween } from '../schemas/dates.js';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The 'YYYY-MM-DD' text of a day number (civil from days); '' outside the years 0000 to 9999. */
function dateOfNumber(n: number): string {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return year >= 0 && year <= 9999 ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : '';
}

/**
 * Adds whole days to a 'YYYY-MM-DD' date. Throws rather than write a date that is not four-digit YYYY-MM-DD
 * (the day after 9999-12-31 would be '+010000-01-01', which sorts before it); the API's dates are bounded
 * (DATE_MIN..DATE_MAX), so this never happens for a validated request.
 */
export function addDays(date: string, days: number): string {
  const n = Number.isInteger(days) ? daysSinceEpoch(date) + days : Number.NaN;
  const out = Number.isFinite(n) ? dateOfNumber(n) : '';
  if (!out) throw new RangeError(`addDays: ${date} + ${days} days is not a calendar date`);
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
  const first = daysSinceEpoch(from);
  return Array.from({ length: span + 1 }, (_, i) => dateOfNumber(first + i));
}

/**
 * The calendar date an instant falls on in the computer's own zone (the browser's, for the web), as its `Date` reads
 * it: "today" for a form, the day of an instant shown in the browser's zone. Clinic-local days are `localTime`'s.
 */
export function systemDayOf(instant: Date): string {
  return `${pad(instant.getFullYear(), 4)}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** The day of the week of a calendar date as a number: 0 Sunday to 6 Saturday. */
export function dayOfWeek(date: string): number {
  // 1970-01-01 was a Thursday (4); NaN stays NaN.
  return (((daysSinceEpoch(date) + 4) % 7) + 7) % 7;
}

/** The weekday of a calendar date by name. */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[(dayOfWeek(date) + 6) % 7]!;
}

/** The first day of the week holding `date`, for weeks starting on `firstDay` (0 Sunday to 6 Saturday). */
export function weekStart(date: string, firstDay: number): string {
  return addDays(date, -((dayOfWeek(date) - firstDay + 7) % 7));
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

/** Minutes since midnight -> 'HH:MM'. */
export function fromMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
