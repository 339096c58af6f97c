import rrulePkg from 'rrule';
import { addDays, type Recurrence, SERIES_MAX_DAYS, SERIES_MAX_OCCURRENCES } from '@clinic/shared';

// rrule is CommonJS: its named exports come through the default import.
const { RRule } = rrulePkg;

const BYDAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** A clinic-local occurrence: the date and wall-clock time the clinic's clocks show. */
export interface LocalOccurrence {
  date: string;
  time: string;
}

export type ExpansionProblem =
  | { field: 'until'; key: 'validation.series.untilInvalid' | 'validation.series.untilTooFar'; params?: Record<string, number> }
  | { field: 'recurrence'; key: 'validation.series.tooManyOccurrences' | 'validation.series.noOccurrences'; params?: Record<string, number> };

/** 0 Monday .. 6 Sunday. */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The weekdays of a weekly rule: the chosen ones plus the first occurrence's own (it always is the first occurrence). */
function weekdaysOf(r: Recurrence, firstDate: string): number[] {
  return [...new Set([...r.weekdays, weekdayIndex(firstDate)])].sort((x, y) => x - y);
}

/** The RFC 5545 RRULE (without DTSTART; UNTIL as a floating local date-time, the clinic's own). */
export function toRrule(r: Recurrence, firstDate: string): string {
  const parts = [`FREQ=${r.frequency === 'daily' ? 'DAILY' : 'WEEKLY'}`, `INTERVAL=${r.interval}`];
  if (r.frequency === 'weekly') parts.push(`BYDAY=${weekdaysOf(r, firstDate).map((d) => BYDAY[d]).join(',')}`);
  if (r.count !== undefined) parts.push(`COUNT=${r.count}`);
  if (r.until) parts.push(`UNTIL=${r.until.replaceAll('-', '')}T235959`);
  return parts.join(';');
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Expands a rule from its first occurrence in "floating" local time: the library works on UTC dates whose fields are
 * read as the clinic's wall clock, so 09:00 stays 09:00 whatever daylight saving does (each local time becomes an
 * instant afterwards, with the clinic's zone). Bounded: at most SERIES_MAX_OCCURRENCES, ending at most
 * SERIES_MAX_DAYS after the first occurrence.
 */
export function expandRecurrence(r: Recurrence, first: LocalOccurrence): { occurrences: LocalOccurrence[] } | { problem: ExpansionProblem } {
  const [y, m, d] = first.date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = first.time.split(':').map(Number) as [number, number];
  const lastAllowed = addDays(first.date, SERIES_MAX_DAYS);
  if (r.until !== undefined) {
    if (r.until < first.date) return { problem: { field: 'until', key: 'validation.series.untilInvalid' } };
    if (r.until > lastAllowed) return { problem: { field: 'until', key: 'validation.series.untilTooFar', params: { days: SERIES_MAX_DAYS } } };
  }
  const [uy, um, ud] = (r.until ?? lastAllowed).split('-').map(Number) as [number, number, number];
  const rule = new RRule({
    freq: r.frequency === 'daily' ? RRule.DAILY : RRule.WEEKLY,
    interval: r.interval,
    dtstart: new Date(Date.UTC(y, m - 1, d, hh, mm)),
    ...(r.frequency === 'weekly' ? { byweekday: weekdaysOf(r, first.date), wkst: RRule.MO } : {}),
    ...(r.count !== undefined ? { count: r.count } : {}),
    until: new Date(Date.UTC(uy, um - 1, ud, 23, 59, 59)),
  });
  // One more than allowed tells an over-long rule apart from one that fits exactly.
  const dates = rule.all((_, i) => i <= SERIES_MAX_OCCURRENCES);
  if (dates.length > SERIES_MAX_OCCURRENCES) {
    return { problem: { field: 'recurrence', key: 'validation.series.tooManyOccurrences', params: { max: SERIES_MAX_OCCURRENCES } } };
  }
  if (!dates.length) return { problem: { field: 'recurrence', key: 'validation.series.noOccurrences' } };
  return {
    occurrences: dates.map((x) => ({
      date: `${x.getUTCFullYear()}-${pad(x.getUTCMonth() + 1)}-${pad(x.getUTCDate())}`,
      time: `${pad(x.getUTCHours())}:${pad(x.getUTCMinutes())}`,
    })),
  };
}
