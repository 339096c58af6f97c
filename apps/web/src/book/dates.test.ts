import { describe, expect, it } from 'vitest';
import { addMonths, clinicDate, clinicTime, longDate, monthWeeks, todayIn } from './dates';

describe('booking page dates', () => {
  it('lays a month out from the clinic’s first weekday', () => {
    // December 2026 starts on a Tuesday.
    const fromSaturday = monthWeeks({ year: 2026, month: 12 }, 6);
    expect(fromSaturday[0]).toEqual([null, null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    const fromMonday = monthWeeks({ year: 2026, month: 12 }, 1);
    expect(fromMonday[0]?.[1]).toBe('2026-12-01');
    expect(fromMonday.flat().filter(Boolean)).toHaveLength(31);
  });

  it('moves across years', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  it('reads times and days in the clinic’s zone, not the phone’s', () => {
    expect(clinicTime('2026-12-06T06:30:00Z', 'Asia/Riyadh', 'en')).toBe('09:30');
    expect(clinicDate('2026-12-06T22:30:00Z', 'Asia/Riyadh')).toBe('2026-12-07');
    expect(todayIn('Asia/Riyadh', new Date('2026-12-06T22:30:00Z'))).toBe('2026-12-07');
  });

  it('writes the Hijri date beside the Gregorian one when the clinic asks for it', () => {
    expect(longDate('2026-12-06', 'en').hijri).toBeNull();
    const both = longDate('2026-12-06', 'ar', 'beside');
    expect(both.main).toContain('2026');
    expect(both.hijri).toMatch(/1448/);
  });
});
