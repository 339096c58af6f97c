/**
 * Calendar dates ('YYYY-MM-DD', a day on the clinic's calendar rather than an instant) written for people, with the
 * browser's `Intl` in the interface language: "Nov 16, 2026", "16 نوفمبر 2026", never a day-first English pattern with
 * Arabic month names.
 */

/** Weeks start on Sunday: the calendar's weeks and the date pickers' month grids. */
export const FIRST_DAY_OF_WEEK = 0;

const formats = new Map<string, Intl.DateTimeFormat>();

/** Arabic with Latin digits, as the rest of the interface writes numbers. */
const localeOf = (lang: string) => (lang.startsWith('ar') ? 'ar-u-nu-latn' : lang);

/** Calendar dates are read as UTC midnight and written in UTC, so the browser's own zone never shifts the day. */
function format(lang: string, options: Intl.DateTimeFormatOptions, timeZone: string | undefined = 'UTC'): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeOf(lang), { ...options, timeZone });
    formats.set(key, f);
  }
  return f;
}

const asDate = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);
const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}/.test(day) && !Number.isNaN(asDate(day).getTime());

/** Day, short month and year: "Nov 16, 2026", "16 نوفمبر 2026". */
export const DAY_MONTH_YEAR: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** A calendar date in the interface language (by default day, month and year). */
export function formatDay(day: string, lang: string, options: Intl.DateTimeFormatOptions = DAY_MONTH_YEAR): string {
  return isDay(day) ? format(lang, options).format(asDate(day)) : day;
}

/** Two calendar dates as one range ("Nov 22 – 28, 2026"). */
export function formatDayRange(from: string, to: string, lang: string, options: Intl.DateTimeFormatOptions = DAY_MONTH_YEAR): string {
  if (!isDay(from) || !isDay(to)) return `${from} – ${to}`;
  return format(lang, options).formatRange(asDate(from), asDate(to));
}

/**
 * Server refusals carry dates in ISO form ("The clinic is closed on 2026-11-27 (National Day)"): written out in the
 * interface language instead. Only whole dates are touched; times and other numbers stay as they are.
 */
export function localiseDates(text: string, lang: string): string {
  return text.replace(/(?<![\d-])(\d{4}-\d{2}-\d{2})(?![\d:T])/g, (day) => (isDay(day) ? formatDay(day, lang) : day));
}

/** Day, full month and year: "January 5, 1990", "5 يناير 1990". */
export const LONG_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/**
 * A calendar date ('YYYY-MM-DD', its day as written) or an instant (its day in the browser's zone) in the interface
 * language; '' when absent or unreadable.
 */
export function formatDate(value: string | null | undefined, lang: string, options: Intl.DateTimeFormatOptions = LONG_DATE): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value, lang, options);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? '' : format(lang, options, undefined).format(instant);
}

/** An instant's date and 24-hour time in the browser's zone: "January 5, 2026 · 14:30". */
export function formatDateTime(value: string | null | undefined, lang: string, options: Intl.DateTimeFormatOptions = LONG_DATE): string {
  if (!value) return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const time = format(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, undefined).format(instant);
  return `${format(lang, options, undefined).format(instant)} · \u2066${time}\u2069`;
}

/**
 * How the date inputs show their value (Day.js tokens, month names from the Day.js locale that follows the interface
 * language): month first in English, day first in Arabic, as Intl writes them. `short` abbreviates the month.
 */
export function dateInputFormat(lang: string, month: 'long' | 'short' = 'long'): string {
  const name = month === 'long' ? 'MMMM' : 'MMM';
  return lang.startsWith('ar') ? `D ${name} YYYY` : `${name} D, YYYY`;
}
