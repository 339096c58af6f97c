/**
 * The one formatting module: calendar dates ('YYYY-MM-DD', a day on the clinic's calendar rather than an instant),
 * instants, times and numbers written for people, with the browser's `Intl` in the interface language: "Nov 16, 2026",
 * "16 نوفمبر 2026", never a day-first English pattern with Arabic month names, never dates built by concatenation.
 * The user's display settings (lib/format/display) decide the digits of the Arabic interface (Western or
 * Arabic-Indic) and whether dates carry their Hijri (Umm al-Qura) form beside them or first.
 */
import { DEFAULT_FIRST_DAY_OF_WEEK, formatHijri, systemDayOf, withHijri } from '@clinic/shared';
import { getDisplay } from './format/display';

/** Weeks start on Sunday unless the clinic says otherwise: the default for the calendar and the date pickers. */
export const FIRST_DAY_OF_WEEK = DEFAULT_FIRST_DAY_OF_WEEK;

const formats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Arabic with the user's digits (Western unless they chose Arabic-Indic); English always with Western digits. */
export const localeOf = (lang: string) => (lang.startsWith('ar') ? `ar-u-nu-${getDisplay().digits}` : lang);

/** Today as YYYY-MM-DD in the browser's zone (the latest a past date may be). */
export function todayIso(): string {
  return systemDayOf(new Date());
}

/** Calendar dates are read as UTC midnight and written in UTC, so the browser's own zone never shifts the day. */
/** A cached formatter; `timeZone` null is the browser's zone (days given as YYYY-MM-DD are written in UTC, where they were parsed). */
function format(lang: string, options: Intl.DateTimeFormatOptions, timeZone: string | null = 'UTC'): Intl.DateTimeFormat {
  const locale = localeOf(lang);
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, timeZone === null ? options : { ...options, timeZone });
    formats.set(key, f);
  }
  return f;
}

const asDate = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);
const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}/.test(day) && !Number.isNaN(asDate(day).getTime());

/** Day, short month and year: "Nov 16, 2026", "16 نوفمبر 2026". */
export const DAY_MONTH_YEAR: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** Only a date that names its day and month gets its Hijri form too (not a weekday or a month alone). */
const namesADay = (options: Intl.DateTimeFormatOptions) => Boolean(options.day && options.month);

/**
 * A calendar date in the interface language (by default day, month and year), with its Hijri form as the user chose:
 * "Mar 20, 2026 (Shawwal 1, 1447 AH)" beside, "Shawwal 1, 1447 AH (Mar 20, 2026)" primary. `hijri: false` leaves it out
 * (where the Hijri date is shown on its own, as under a picker's day numbers).
 */
export function formatDay(day: string, lang: string, options: Intl.DateTimeFormatOptions = DAY_MONTH_YEAR, hijri = true): string {
  if (!isDay(day)) return day;
  const gregorian = format(lang, options).format(asDate(day));
  const { hijriMode, digits } = getDisplay();
  return hijri && namesADay(options) ? withHijri(gregorian, day.slice(0, 10), lang, hijriMode, digits) : gregorian;
}

/** A number in the interface language with the user's digits: "1,234.5", "١٬٢٣٤٫٥" (ids and codes are not numbers). */
export function formatNumber(value: number, lang: string, options: Intl.NumberFormatOptions = {}): string {
  const locale = localeOf(lang);
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f.format(value);
}

/** Two calendar dates as one range ("Nov 22 – 28, 2026"). */
export function formatDayRange(from: string, to: string, lang: string, options: Intl.DateTimeFormatOptions = DAY_MONTH_YEAR): string {
  if (!isDay(from) || !isDay(to)) return `${from} – ${to}`;
  const gregorian = format(lang, options).formatRange(asDate(from), asDate(to));
  const { hijriMode, digits } = getDisplay();
  if (hijriMode === 'off' || !namesADay(options)) return gregorian;
  const hijri = hijriRange(from, to, lang, digits);
  return hijriMode === 'primary' ? `${hijri} (${gregorian})` : `${gregorian} (${hijri})`;
}

function hijriRange(from: string, to: string, lang: string, digits: string): string {
  const locale = `${lang.startsWith('ar') ? 'ar' : 'en'}-u-ca-islamic-umalqura-nu-${lang.startsWith('ar') ? digits : 'latn'}`;
  const key = `${locale}|range`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...DAY_MONTH_YEAR, timeZone: 'UTC' });
    formats.set(key, f);
  }
  return f.formatRange(asDate(from), asDate(to));
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
  return Number.isNaN(instant.getTime()) ? '' : formatInstantDay(instant, lang, options);
}

/** An instant's date and 24-hour time in the browser's zone: "January 5, 2026 · 14:30". */
export function formatDateTime(value: string | null | undefined, lang: string, options: Intl.DateTimeFormatOptions = LONG_DATE): string {
  if (!value) return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  return `${formatInstantDay(instant, lang, options)} · \u2066${formatTime(instant, lang)}\u2069`;
}

/** An instant's day in the browser's zone, with its Hijri form as chosen. */
function formatInstantDay(instant: Date, lang: string, options: Intl.DateTimeFormatOptions): string {
  const gregorian = format(lang, options, null).format(instant);
  const { hijriMode, digits } = getDisplay();
  if (hijriMode === 'off' || !namesADay(options)) return gregorian;
  return withHijri(gregorian, systemDayOf(instant), lang, hijriMode, digits);
}

/** A 24-hour time ("14:30", "١٤:٣٠") of an instant, in `timeZone` (by default the browser's). */
export function formatTime(instant: Date, lang: string, timeZone?: string): string {
  return format(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, timeZone ?? null).format(instant);
}

/** A wall-clock time 'HH:MM' (working hours, slots) with the user's digits. */
export function formatClock(time: string, lang: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return time;
  return formatTime(new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2]))), lang, 'UTC');
}

/**
 * How the date inputs show their value (Day.js tokens, month names from the Day.js locale that follows the interface
 * language): month first in English, day first in Arabic, as Intl writes them. `short` abbreviates the month.
 */
export function dateInputFormat(lang: string, month: 'long' | 'short' = 'long'): string {
  const name = month === 'long' ? 'MMMM' : 'MMM';
  return lang.startsWith('ar') ? `D ${name} YYYY` : `${name} D, YYYY`;
}

/** A day's Hijri day and month for a calendar or picker cell ("1 Shaw.", "١ شوال"); '' while Hijri dates are off. */
export function hijriDayLabel(day: string, lang: string): string {
  const { hijriMode, digits } = getDisplay();
  return hijriMode === 'off' || !isDay(day) ? '' : formatHijri(day, lang, digits, { day: 'numeric', month: 'short' });
}
