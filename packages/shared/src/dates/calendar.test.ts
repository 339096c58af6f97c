import { describe, expect, it } from 'vitest';
import { addDays, calendarDays, dayOfWeek } from './calendar.js';

const DAY_MS = 86_400_000;
/** The reading these functions had when they went through `Date`: what they must still answer. */
const byDate = {
  addDays(date: string, days: number): string {
    const t = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) + days * DAY_MS : Number.NaN;
    const out = Number.isFinite(t) && Number.isInteger(days) ? new Date(t).toISOString().slice(0, 10) : '';
    return /^\d{4}-\d{2}-\d{2}$/.test(out) ? out : 'throws';
  },
  dayOfWeek: (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay(),
};
const tried = (date: string, days: number) => {
  try {
    return addDays(date, days);
  } catch (e) {
    expect(e).toBeInstanceOf(RangeError);
    return 'throws';
  }
};

describe('calendar arithmetic', () => {
  it('agrees with the Date reading on every 23rd day of years 0000 to 9999, across month, year and century ends', () => {
    const differ: string[] = [];
    let checked = 0;
    for (let n = -719_528; n <= 2_932_896; n += 23) {
      const date = new Date(n * DAY_MS).toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
      for (const days of [0, 1, -1, 29, -366, 400]) if (tried(date, days) !== byDate.addDays(date, days)) differ.push(`${date} + ${days}`);
      if (dayOfWeek(date) !== byDate.dayOfWeek(date)) differ.push(`weekday of ${date}`);
      checked++;
    }
    expect(differ.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(158_000);
  });

  it('reads a day past the month end into the next month, as Date.parse does, and refuses anything else', () => {
    for (const date of ['2026-02-29', '2024-02-30', '2026-04-31', '2026-01-31']) {
      expect(tried(date, 1), date).toBe(byDate.addDays(date, 1));
      expect(dayOfWeek(date), date).toBe(byDate.dayOfWeek(date));
    }
    expect(addDays('2026-02-29', 0)).toBe('2026-03-01');
    for (const bad of ['2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32', '2026-1-01', '2026/01/01', '２０２６-01-01', 'x', '']) {
      expect(tried(bad, 1), bad).toBe('throws');
      expect(dayOfWeek(bad), bad).toBeNaN();
    }
    expect(tried('2026-01-01', Number.NaN)).toBe('throws');
    expect(tried('2026-01-01', 1e12)).toBe('throws');
  });

  it('lists the days of a range, both ends included, over a leap day and a year end', () => {
    expect(calendarDays('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(calendarDays('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(calendarDays('2026-01-02', '2026-01-01')).toBeNull();
  });
});
