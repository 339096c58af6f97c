import { formatHijri } from '@clinic/shared';

/** Calendar arithmetic of the booking page: clinic-local days as 'YYYY-MM-DD', months as { year, month (1-12) }. */

export interface Month { year: number; month: number }

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Today in the clinic's time zone (the phone's zone may differ). */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export const monthOf = (date: string): Month => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });
export const addMonths = ({ year, month }: Month, n: number): Month => {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};
const daysIn = ({ year, month }: Month) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const monthFirst = (m: Month) => isoDate(m.year, m.month, 1);
export const monthLast = (m: Month) => isoDate(m.year, m.month, daysIn(m));

/** The month's weeks, each seven days from the clinic's first weekday (0 Sunday .. 6 Saturday); null pads the edges. */
export function monthWeeks(m: Month, firstWeekday: number): Array<Array<string | null>> {
  const lead = (new Date(Date.UTC(m.year, m.month - 1, 1)).getUTCDay() - firstWeekday + 7) % 7;
  const cells: Array<string | null> = [...Array<null>(lead).fill(null)];
  for (let d = 1; d <= daysIn(m); d += 1) cells.push(isoDate(m.year, m.month, d));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

const locale = (lang: string) => (lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB');
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** The seven weekday names (short and long) from the first weekday. */
export function weekdayNames(lang: string, firstWeekday: number): Array<{ short: string; long: string }> {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const day = utcDay(isoDate(2023, 1, 1 + ((firstWeekday + i) % 7)));
    const f = (weekday: 'short' | 'long') => new Intl.DateTimeFormat(locale(lang), { weekday, timeZone: 'UTC' }).format(day);
    return { short: f('short'), long: f('long') };
  });
}

export const monthTitle = (m: Month, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(monthFirst(m)));

export const dayNumber = (date: string, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { day: 'numeric', timeZone: 'UTC' }).format(utcDay(date));

/** "Sunday 6 December 2026"; with the Hijri date beside (or first) when the clinic writes dates so. */
export function longDate(date: string, lang: string, hijri: 'off' | 'beside' | 'primary' = 'off'): { main: string; hijri: string | null } {
  const gregorian = new Intl.DateTimeFormat(locale(lang), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(date));
  if (hijri === 'off') return { main: gregorian, hijri: null };
  const h = formatHijri(date, lang);
  if (!h) return { main: gregorian, hijri: null };
  return hijri === 'primary' ? { main: h, hijri: gregorian } : { main: gregorian, hijri: h };
}

/** A day's Hijri day of the month (for the grid), or '' when the clinic does not write Hijri dates. */
export const hijriDay = (date: string, lang: string, hijri: string) => (hijri === 'off' ? '' : formatHijri(date, lang, 'latn', { day: 'numeric' }));

/** An instant as the clinic's wall time ("09:30"), and its clinic-local date. */
export function clinicTime(datetime: string, timeZone: string, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(datetime));
}
export const clinicDate = (datetime: string, timeZone: string) => todayIn(timeZone, new Date(datetime));
