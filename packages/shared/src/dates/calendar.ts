/*
 * Calendar dates ('YYYY-MM-DD', a day on a clinic's calendar, not an instant) and wall-clock times ('HH:MM').
 * No zone is involved here: a calendar date is read at UTC midnight, where no clock ever changes.
 */
import { daysBetween } from '../schemas/dates.js';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const DAY_MS = 86_400_000;
const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Adds whole days to a 'YYYY-MM-DD' date. Throws rather than write a date that is not four-digit YYYY-MM-DD
 * (the day after 9999-12-31 would be '+010000-01-01', which sorts before it); the API's dates are bounded
 * (DATE_MIN..DATE_MAX), so this never happens for a validated request.
 */
export function addDays(date: string, days: number): string {
  const t = DAY_TEXT.test(date) ? Date.parse(`${date}T00:00:00Z`) + days * DAY_MS : Number.NaN;
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

/**
 * The calendar date an instant falls on in the computer's own zone (the browser's, for the web), as its `Date` reads
 * it: "today" for a form, the day of an instant shown in the browser's zone. Clinic-local days are `localTime`'s.
 */
export function systemDayOf(instant: Date): string {
  return `${pad(instant.getFullYear(), 4)}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** The day of the week of a calendar date as a number: 0 Sunday to 6 Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
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
