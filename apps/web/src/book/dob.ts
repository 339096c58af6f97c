/**
 * The date of birth as three fields (day, month, year) in the page's language, read into 'YYYY-MM-DD'. A native date
 * input shows the phone's or browser's format ("mm/dd/yyyy" on an Arabic page), which patients misread.
 */

export interface DobParts { day: string; month: string; year: string }
export const EMPTY_DOB: DobParts = { day: '', month: '', year: '' };

const pad = (n: number) => String(n).padStart(2, '0');

/** Arabic-Indic and Persian digits (an Arabic keyboard's) as Latin digits. */
export const latinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.codePointAt(0)! & 0xf));

/** The parts of a stored 'YYYY-MM-DD' (none when empty or malformed). */
export function dobParts(iso: string): DobParts {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? { year: m[1]!, month: String(Number(m[2])), day: String(Number(m[3])) } : EMPTY_DOB;
}

/**
 * A whole date typed or pasted into one field ("1991-04-12", "12/04/1991", "12.4.1991"), day first as the page shows
 * it; null when the text is not one.
 */
export function wholeDate(text: string): DobParts | null {
  const t = latinDigits(text).trim();
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (iso) return { year: iso[1]!, month: String(Number(iso[2])), day: String(Number(iso[3])) };
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
  if (dmy) return { day: String(Number(dmy[1])), month: String(Number(dmy[2])), year: dmy[3]! };
  return null;
}

/**
 * The date the parts name, as 'YYYY-MM-DD': '' while a part is missing or when they name no real day (31 April), a
 * day before 1900 or after `today` ('YYYY-MM-DD').
 */
export function dobValue(parts: DobParts, today: string): string {
  const day = Number(latinDigits(parts.day));
  const month = Number(parts.month);
  const yearText = latinDigits(parts.year).trim();
  const year = Number(yearText);
  if (!/^\d{4}$/.test(yearText) || !Number.isInteger(day) || !Number.isInteger(month) || month < 1 || month > 12 || day < 1) return '';
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return '';
  const iso = `${yearText}-${pad(month)}-${pad(day)}`;
  return year >= 1900 && iso <= today ? iso : '';
}

/** The twelve month names in the page's language (Latin digits; Gregorian months). */
export function monthNames(lang: string): string[] {
  const format = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2024, i, 1))));
}
