import { formatDateTime, formatDay, localeOf } from '@/lib/dates';

/** The clinic-local time of an instant written with its offset (`2026-03-10T09:30:00+03:00`), for the language. */
export function clinicTime(iso: string, lang: string): string {
  const h = Number(iso.slice(11, 13));
  const m = Number(iso.slice(14, 16));
  return new Intl.DateTimeFormat(localeOf(lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, h, m)));
}

/** The clinic-local day and time of such an instant, with its offset, for the language. */
export function clinicDateTime(iso: string, lang: string): string {
  const day = formatDay(iso.slice(0, 10), lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const offset = iso.length > 19 ? iso.slice(19).replace(/^\.\d+/, '') : '';
  return `${day} ${clinicTime(iso, lang)} (UTC${offset === 'Z' ? '' : offset})`;
}

/** Now, for the "printed by" line: the date and the 24-hour time the app writes everywhere. */
export function printedAt(lang: string, now = new Date()): string {
  return formatDateTime(now.toISOString(), lang);
}
