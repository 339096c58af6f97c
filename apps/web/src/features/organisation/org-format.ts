import { timeRange } from '@/lib/clinic-time';
import { formatClock, formatDate as formatDateIntl } from '@/lib/dates';
import { WEEK_DAYS, type Plan } from '@clinic/shared';

/** A date in the interface language, written by Intl ("January 5, 2024", "5 يناير 2024"). */
export function formatDate(value: string | null | undefined, lang: string): string {
  return formatDateIntl(value, lang);
}

/**
 * A period of opening hours in 24-hour time with the user's digits, as every time of the app ("09:00–13:00"): kept
 * left to right, isolated from the text around it, in Arabic too (no AM/PM words to reorder inside it).
 */
export function hoursRange(start: string, end: string, lang: string): string {
  return timeRange(formatClock(start.slice(0, 5), lang), formatClock(end.slice(0, 5), lang));
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
