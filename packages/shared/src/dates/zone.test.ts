import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calendarDays, toMinutes, weekdayOf } from './calendar.js';
import { localTime, zonedInstant, zonedIso } from './zone.js';
import { safeTimeZone } from './zone-name.js';

/** The platform's own reading of an instant (the oracle the shared module is checked against). */
function intlLocalTime(instant: Date, timeZone: string) {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'long',
  });
  for (const p of format.formatToParts(instant)) parts[p.type] = p.value;
  const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((k) => Number(parts[k])) as [number, number, number, number, number, number];
  const exact = Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant.getTime() / 1000) * 1000;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return {
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, time: `${pad(hour)}:${pad(minute)}`, weekday: parts.weekday,
    minutes: hour * 60 + minute, offsetMinutes: Math.round(exact / 60_000),
  };
}

describe('clinic-local time', () => {
  it('reads an instant on the wall clock of the clinic, weekday included', () => {
    const t = localTime(new Date('2026-03-02T06:30:00Z'), 'Asia/Riyadh');
    expect(t).toEqual({ date: '2026-03-02', time: '09:30', weekday: 'Monday', minutes: 570, offsetMinutes: 180 });
  });

  it('keeps 09:00 at 09:00 across the spring change in Berlin (last Sunday of March)', () => {
    const before = zonedInstant('2026-03-28', '09:00', 'Europe/Berlin');
    const after = zonedInstant('2026-03-30', '09:00', 'Europe/Berlin');
    expect(before.toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(after.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(localTime(after, 'Europe/Berlin').time).toBe('09:00');
    expect(zonedIso(before, 'Europe/Berlin')).toBe('2026-03-28T09:00:00+01:00');
    expect(zonedIso(after, 'Europe/Berlin')).toBe('2026-03-30T09:00:00+02:00');
    // 7 days after a Saturday 09:00 is not "the same instant + 168 h" when the clocks changed in between.
    expect(after.getTime() - before.getTime()).toBe(2 * 86_400_000 - 3_600_000);
  });

  it('keeps 09:00 at 09:00 across the autumn change (last Sunday of October)', () => {
    expect(zonedInstant('2026-10-24', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(zonedInstant('2026-10-26', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(zonedIso(new Date('2026-10-25T08:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25T09:00:00+01:00');
  });


  it('writes negative offsets and whole-day arithmetic correctly', () => {
    expect(zonedIso(new Date('2026-01-15T14:05:09Z'), 'America/New_York')).toBe('2026-01-15T09:05:09-05:00');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-03-29')).toBe('Sunday');
  });

  it('writes offsets of half and three quarters of an hour, milliseconds dropped, and years past 9999 in full', () => {
    expect(zonedIso(new Date('2026-01-15T14:05:09.999Z'), 'Asia/Kolkata')).toBe('2026-01-15T19:35:09+05:30');
    expect(zonedIso(new Date('2026-01-15T14:05:09Z'), 'Asia/Kathmandu')).toBe('2026-01-15T19:50:09+05:45');
    expect(zonedIso(new Date('2026-01-15T14:05:09Z'), 'America/St_Johns')).toBe('2026-01-15T10:35:09-03:30');
    expect(zonedIso(new Date('9999-12-31T23:00:00Z'), 'Asia/Riyadh')).toBe('10000-01-01T02:00:00+03:00');
  });

  it('never writes a date that is not four-digit YYYY-MM-DD (the day after 9999-12-31 sorted before it)', () => {
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
  });

  it('walks days by count: a bounded list, or null for a span it refuses', () => {
    expect(calendarDays('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(calendarDays('2026-03-01', '2026-03-01')).toEqual(['2026-03-01']);
    expect(calendarDays('2026-03-02', '2026-03-01')).toBeNull();
    expect(calendarDays('2026-01-01', '2026-03-04', 62)).toBeNull();
    expect(calendarDays('2026-01-01', '2026-03-04', 63)).toHaveLength(63);
    expect(calendarDays('2026-01-01', '2999-12-31', 100_000)).toBeNull(); // never more than a year, whatever is asked
    expect(calendarDays('9999-12-30', '9999-12-31')).toBeNull();
    expect(calendarDays('2026-13-01', '2026-12-31')).toBeNull();
  });

  it('parses times and falls back to UTC for an unknown zone', () => {
    expect(toMinutes('09:30')).toBe(570);
    expect(toMinutes('24:00')).toBe(1440);
    expect(toMinutes('25:00')).toBeNull();
    expect(toMinutes('9am')).toBeNull();
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone('Asia/Riyadh')).toBe('Asia/Riyadh');
  });
});

describe('local time from remembered offsets', () => {
  it('reads every instant exactly as the platform does, across daylight-saving changes and odd offsets', () => {
    const zones = ['Asia/Riyadh', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'Africa/Casablanca', 'UTC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // 1850 to 2100: old local mean times have offsets in seconds (Berlin's +00:53:28 until 1893).
        fc.integer({ min: Date.UTC(1850, 0, 1), max: Date.UTC(2100, 0, 1) }),
        (zone, ms) => {
          const instant = new Date(ms);
          const expected = intlLocalTime(instant, zone);
          expect(localTime(instant, zone)).toEqual(expected);
        },
      ),
      { numRuns: 3000 },
    );
    // Both sides of Berlin's spring and autumn changes in 2026, minute by minute.
    for (const start of [Date.UTC(2026, 2, 29, 0, 30), Date.UTC(2026, 9, 25, 0, 30)]) {
      for (let t = start; t < start + 2 * 3_600_000; t += 60_000) {
        const expected = intlLocalTime(new Date(t), 'Europe/Berlin');
        expect(localTime(new Date(t), 'Europe/Berlin')).toEqual(expected);
      }
    }
  }, 60_000); // each random instant is a day read cold from Day.js (about half a millisecond)
});
