import { z } from 'zod';
import { westernDigits } from './display.js';

/*
 * The one rule for every date the API and the forms accept. A calendar date is written YYYY-MM-DD, names a day
 * that exists (no 2026-02-30, no month 13) and lies between DATE_MIN and DATE_MAX; an instant (an ISO date and
 * time with an offset) lies between the start of DATE_MIN and the end of DATE_MAX in UTC.
 *
 * The range holds every living person's birth date (the patients' rule always started at 1900), every
 * establishment, contract and leave date a clinic keeps, far-future "does not expire" dates such as 2999-12-31,
 * and any appointment a clinic will book. It stays far enough from the year 9999 that date arithmetic never
 * leaves four-digit years: the day after 9999-12-31 is written "+010000-01-01", which sorts before it and once
 * made a day loop run forever. Placeholder dates such as 0001-01-01 and 9999-12-31 are refused.
 */

/** First calendar date accepted anywhere. */
export const DATE_MIN = '1900-01-01';
/** Last calendar date accepted anywhere. */
export const DATE_MAX = '2999-12-31';
/** Message key for a real date outside DATE_MIN..DATE_MAX (its text names both years). */
export const DATE_OUT_OF_RANGE = 'validation.dateOutOfRange';

const MIN_MS = Date.UTC(1900, 0, 1);
const MAX_MS = Date.UTC(3000, 0, 1) - 1;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'YYYY-MM-DD' for a day that exists (any four-digit year), or null. The range is not checked here. */
export function realDate(y: number, m: number, d: number): string | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || y < 0 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (m === 2 ? (leap ? 29 : 28) : MONTH_DAYS[m - 1]!)) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** What is wrong with a calendar date: 'invalid' (not YYYY-MM-DD of a real day), 'outOfRange', or null. */
export function calendarDateProblem(text: unknown): 'invalid' | 'outOfRange' | null {
  if (typeof text !== 'string') return 'invalid';
  const m = DATE_TEXT.exec(text);
  if (!m || realDate(Number(m[1]), Number(m[2]), Number(m[3])) !== text) return 'invalid';
  return text < DATE_MIN || text > DATE_MAX ? 'outOfRange' : null;
}

/** True for a real calendar date written YYYY-MM-DD within DATE_MIN..DATE_MAX. */
export function isCalendarDate(text: unknown): text is string {
  return calendarDateProblem(text) === null;
}

/** True for an instant that `Date.parse` reads and that lies within the accepted range. */
export function isInstantInRange(text: string): boolean {
  const t = Date.parse(text);
  return Number.isFinite(t) && t >= MIN_MS && t <= MAX_MS;
}

/**
 * Whole days from `from` to `to` (negative when `to` is earlier), or NaN unless both are accepted calendar
 * dates. Loops over days count with it instead of comparing date texts.
 */
export function daysBetween(from: string, to: string): number {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return Number.NaN;
  return daysSinceEpoch(to) - daysSinceEpoch(from);
}

/**
 * The days from 1970-01-01 to a 'YYYY-MM-DD' text, read the way `Date.parse` reads its date part
 * (a day past the month's end runs into the next month, as '2026-02-30' is 2 March); NaN for any other text. Pure
 * arithmetic (the proleptic Gregorian calendar's days from civil): no `Date` is built, no text parsed twice.
 */
export function daysSinceEpoch(date: string): number {
  if (typeof date !== 'string' || date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return Number.NaN;
  const year = digitsOf(date, 0, 4);
  const month = digitsOf(date, 5, 7);
  const day = digitsOf(date, 8, 10);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31)) return Number.NaN;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/** The decimal number written in `text` from `start` to `end`; NaN unless every character there is a digit. */
function digitsOf(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    n = n * 10 + digit;
  }
  return n;
}

/** Adds the rule's issue (if any) to a refinement: `invalidKey` for a malformed date, DATE_OUT_OF_RANGE outside the range. */
export function calendarDateCheck(invalidKey = 'validation.invalidDate') {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = calendarDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem === 'outOfRange' ? DATE_OUT_OF_RANGE : invalidKey });
  };
}

/** A calendar date field (YYYY-MM-DD within the range); `invalidKey` names what is wrong with a malformed one. */
export function calendarDate(invalidKey = 'validation.invalidDate') {
  return westernDigits(z.string({ error: invalidKey }).superRefine(calendarDateCheck(invalidKey)));
}

/**
 * An instant field: an ISO date and time with an offset (`2026-03-29T09:00:00+03:00`) within the range.
 * `requiredKey`, when given, is the message for a missing or empty value.
 */
export function instantInRange(invalidKey: string, requiredKey?: string) {
  return z
    .iso.datetime({
      offset: true,
      error: (issue) => (requiredKey && (issue.input === undefined || issue.input === null || issue.input === '') ? requiredKey : invalidKey),
    })
    .refine(isInstantInRange, { error: DATE_OUT_OF_RANGE });
}
