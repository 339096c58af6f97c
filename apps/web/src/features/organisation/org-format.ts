import { formatDate as formatDateIntl } from '@/lib/dates';
import { WEEK_DAYS, type Plan } from '@clinic/shared';

/** A date in the interface language, written by Intl ("January 5, 2024", "5 يناير 2024"). */
export function formatDate(value: string | null | undefined, lang: string): string {
  return formatDateIntl(value, lang);
}

/** 'HH:MM' shown in 12-hour time (9:00 AM), as the spec's screens show times. */
export function formatTime(time: string, lang: string): string {
  const [h = '0', m = '0'] = time.split(':');
  const hour = Number(h);
  const suffix = hour < 12 ? (lang === 'ar' ? 'ص' : 'AM') : lang === 'ar' ? 'م' : 'PM';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${m.padStart(2, '0')} ${suffix}`;
}

/** Weekdays in the order the screens list them (Sunday first). */
export const DAYS = WEEK_DAYS;

export const PLAN_ORDER: readonly Plan[] = ['company', 'complex', 'department', 'clinic'];

/** Every IANA time zone the browser knows, for the clinic's time zone select. */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.length ? zones : ['UTC', 'Asia/Riyadh', 'Asia/Dubai', 'Africa/Cairo', 'Europe/London'];
}

/** The browser's own time zone (sign-up sends it as the organisation's). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
