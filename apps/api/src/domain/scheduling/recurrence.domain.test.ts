import { describe, expect, it } from 'vitest';
import { recurrenceInput, SERIES_MAX_OCCURRENCES, zonedInstant, zonedIso } from '@clinic/shared';
import { expandRecurrence, toRrule } from './recurrence.domain.js';

const rule = (r: Record<string, unknown>) => recurrenceInput.parse(r);

describe('recurrence', () => {
  it('writes an RFC 5545 RRULE with the first occurrence\'s weekday included', () => {
    // 2026-03-02 is a Monday.
    expect(toRrule(rule({ frequency: 'weekly', weekdays: [3], count: 6 }), '2026-03-02')).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH;COUNT=6');
    expect(toRrule(rule({ frequency: 'daily', interval: 3, until: '2026-04-01' }), '2026-03-02')).toBe('FREQ=DAILY;INTERVAL=3;UNTIL=20260401T235959');
  });

  it('expands weekly on chosen weekdays, keeping 09:00 local across the March clock change in Berlin', () => {
    const out = expandRecurrence(rule({ frequency: 'weekly', weekdays: [0, 3], count: 6 }), { date: '2026-03-19', time: '09:00' });
    expect('occurrences' in out).toBe(true);
    if (!('occurrences' in out)) return;
    expect(out.occurrences.map((o) => o.date)).toEqual(['2026-03-19', '2026-03-23', '2026-03-26', '2026-03-30', '2026-04-02', '2026-04-06']);
    expect(new Set(out.occurrences.map((o) => o.time))).toEqual(new Set(['09:00']));
    // Europe changes its clocks on 2026-03-29: the same wall-clock time, a different offset.
    const isos = out.occurrences.map((o) => zonedIso(zonedInstant(o.date, o.time, 'Europe/Berlin'), 'Europe/Berlin'));
    expect(isos[2]).toBe('2026-03-26T09:00:00+01:00');
    expect(isos[3]).toBe('2026-03-30T09:00:00+02:00');
  });

  it('every N weeks ending on a date', () => {
    const out = expandRecurrence(rule({ frequency: 'weekly', interval: 2, until: '2026-04-30' }), { date: '2026-03-02', time: '14:30' });
    expect('occurrences' in out && out.occurrences.map((o) => o.date)).toEqual(['2026-03-02', '2026-03-16', '2026-03-30', '2026-04-13', '2026-04-27']);
  });

  it('is bounded: too many occurrences, an end too far or before the start are refused with the reason', () => {
    expect(expandRecurrence(rule({ frequency: 'daily', until: '2027-01-31' }), { date: '2026-03-02', time: '09:00' }))
      .toEqual({ problem: { field: 'recurrence', key: 'validation.series.tooManyOccurrences', params: { max: SERIES_MAX_OCCURRENCES } } });
    expect(expandRecurrence(rule({ frequency: 'weekly', until: '2029-01-01' }), { date: '2026-03-02', time: '09:00' }))
      .toMatchObject({ problem: { field: 'until', key: 'validation.series.untilTooFar' } });
    expect(expandRecurrence(rule({ frequency: 'weekly', until: '2026-03-01' }), { date: '2026-03-02', time: '09:00' }))
      .toMatchObject({ problem: { field: 'until', key: 'validation.series.untilInvalid' } });
    const most = expandRecurrence(rule({ frequency: 'daily', count: SERIES_MAX_OCCURRENCES }), { date: '2026-03-02', time: '09:00' });
    expect('occurrences' in most && most.occurrences).toHaveLength(SERIES_MAX_OCCURRENCES);
  });

  it('refuses a rule without exactly one end', () => {
    expect(recurrenceInput.safeParse({ frequency: 'weekly' }).success).toBe(false);
    expect(recurrenceInput.safeParse({ frequency: 'weekly', count: 3, until: '2026-04-01' }).success).toBe(false);
    expect(recurrenceInput.safeParse({ frequency: 'weekly', count: SERIES_MAX_OCCURRENCES + 1 }).success).toBe(false);
  });
});
