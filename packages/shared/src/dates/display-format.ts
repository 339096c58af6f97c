/*
 * How dates and numbers are shown: the Hijri calendar (Umm al-Qura, from Intl's `islamic-umalqura`), the digits of the
 * Arabic interface and the clinic's week. Display only: stored data, ids and everything sent to the server keep
 * Western digits and Gregorian 'YYYY-MM-DD' dates; inputs accept Arabic-Indic digits and are normalised on the way in.
 * Without Zod, so that the sign-in page formats without downloading it; the settings' schemas are in schemas/display.ts.
 */

/** 'off': Gregorian only; 'beside': the Hijri date next to the Gregorian one; 'primary': Hijri first, Gregorian beside. */
export const HIJRI_MODES = ['off', 'beside', 'primary'] as const;
export type HijriMode = (typeof HIJRI_MODES)[number];

/** Digits in the Arabic interface: 'latn' 0-9, 'arab' Arabic-Indic ٠-٩ (the English interface always writes 0-9). */
export const DIGIT_STYLES = ['latn', 'arab'] as const;
export type DigitStyle = (typeof DIGIT_STYLES)[number];

/** Days of the week as Intl and JavaScript number them: 0 Sunday .. 6 Saturday. */
export const WEEKDAY_NUMBERS = [0, 1, 2, 3, 4, 5, 6] as const;
/** A clinic's week unless it says otherwise: it starts on Sunday, Friday and Saturday are the weekend. */
export const DEFAULT_FIRST_DAY_OF_WEEK = 0;
export const DEFAULT_WEEKEND_DAYS: readonly number[] = [5, 6];

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/**
 * Western digits for Arabic-Indic (٠-٩) and extended Arabic-Indic (۰-۹, as Persian and Urdu keyboards type them)
 * ones, and the Arabic decimal separator (٫) as a point; the Arabic thousands separator (٬) is dropped. Everything
 * else is left as it is. The one normaliser every input uses before a value is checked or sent.
 */
export function normaliseDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b\u066c]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x066b) return '.';
    if (code === 0x066c) return '';
    return String(code >= EXTENDED_ARABIC_INDIC_ZERO ? code - EXTENDED_ARABIC_INDIC_ZERO : code - ARABIC_INDIC_ZERO);
  });
}

/**
 * The screens a user may choose to start on (My profile), each opened only with its own permissions: the board, the
 * calendar, a doctor's day, the cash boxes, the dashboard and the main lists.
 */
export const START_SCREENS = [
  '/dashboard', '/frontdesk', '/appointments/calendar', '/my-day', '/billing/cash-boxes', '/appointments', '/patients',
  '/waitlist', '/billing/invoices', '/', '/employees', '/doctors',
] as const;
export type StartScreen = (typeof START_SCREENS)[number];

/** The effective Hijri mode: the user's own, else the company's, else off. */
export function effectiveHijriMode(user: string | null | undefined, company: string | null | undefined): HijriMode {
  const known = (v: string | null | undefined): v is HijriMode => (HIJRI_MODES as readonly string[]).includes(v ?? '');
  return known(user) ? user : known(company) ? company : 'off';
}

/* ------------------------------------------------------------------ Hijri (Umm al-Qura) */

export interface HijriDate {
  year: number;
  /** 1 (Muharram) .. 12 (Dhu al-Hijjah). */
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
let partsFormat: Intl.DateTimeFormat | undefined;

/** The Umm al-Qura date of a calendar date ('YYYY-MM-DD', or a Date read at its UTC day); null if unreadable. */
export function toHijri(value: string | Date): HijriDate | null {
  const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  if (Number.isNaN(date.getTime())) return null;
  partsFormat ??= new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });
  const parts = partsFormat.formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const result = { year: part('year'), month: part('month'), day: part('day') };
  return Number.isInteger(result.year) && Number.isInteger(result.month) && Number.isInteger(result.day) ? result : null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The Gregorian date ('YYYY-MM-DD') of the first day of a Hijri month, or null outside what the calendar covers.
 * Estimated from the mean month, then corrected day by day (months are 29 or 30 days; the estimate is within days).
 */
export function hijriMonthStart(year: number, month: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12 || year < 1300 || year > 1600) return null;
  // 1 Muharram 1 AH is 16 July 622 (Julian) = 19 July 622 proleptic Gregorian; a mean month is 29.530589 days.
  const epoch = Date.UTC(622, 6, 19);
  let ms = epoch + Math.round(((year - 1) * 12 + (month - 1)) * 29.530589) * DAY_MS;
  for (let i = 0; i < 60; i += 1) {
    const h = toHijri(new Date(ms));
    if (!h) return null;
    const offset = (h.year - year) * 12 + (h.month - month);
    if (offset === 0 && h.day === 1) return isoDay(ms);
    if (offset === 0) ms -= (h.day - 1) * DAY_MS;
    else ms -= Math.sign(offset) * Math.max(1, Math.min(29, Math.abs(offset) * 29)) * DAY_MS;
  }
  return null;
}

/** Days in a Hijri month (29 or 30), or null outside what the calendar covers. */
export function hijriMonthLength(year: number, month: number): number | null {
  const start = hijriMonthStart(year, month);
  const next = month === 12 ? hijriMonthStart(year + 1, 1) : hijriMonthStart(year, month + 1);
  if (!start || !next) return null;
  return Math.round((Date.parse(`${next}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

const hijriFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar date written in the Hijri calendar: "Shawwal 1, 1447 AH", "١ شوال ١٤٤٧ هـ". `lang` is 'en' or 'ar',
 * `digits` the Arabic interface's digits. '' when unreadable.
 */
export function formatHijri(
  value: string,
  lang: string,
  digits: DigitStyle = 'latn',
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' },
): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  const ar = lang.startsWith('ar');
  const locale = `${ar ? 'ar' : 'en'}-u-ca-islamic-umalqura-nu-${ar && digits === 'arab' ? 'arab' : 'latn'}`;
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = hijriFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    hijriFormats.set(key, f);
  }
  return f.format(date);
}

/** Both calendars as chosen: the Gregorian text alone, with the Hijri one in brackets, or Hijri first. */
export function withHijri(gregorian: string, value: string, lang: string, mode: HijriMode, digits: DigitStyle = 'latn'): string {
  if (mode === 'off') return gregorian;
  const hijri = formatHijri(value, lang, digits);
  if (!hijri) return gregorian;
  return mode === 'primary' ? `${hijri} (${gregorian})` : `${gregorian} (${hijri})`;
}
