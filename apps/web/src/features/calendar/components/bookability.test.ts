import { describe, expect, it } from 'vitest';
import type { AvailabilityDay } from '@clinic/shared';
import { closedRanges, fits, openWindows } from './bookability';

const day = (over: Partial<AvailabilityDay> = {}): AvailabilityDay => ({
  date: '2026-11-23', weekday: 'Monday', holiday: null, doctorHours: null, doctorAway: null,
  clinicHours: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '14:00', endTime: '18:00' }],
  ...over,
});
const clinic = (hasWorkingHours = true) => ({ clinic: { _id: 'c', name: 'C', timeZone: 'Asia/Riyadh', averageVisitMinutes: 30, isActive: true, hasWorkingHours } });

describe('calendar bookability', () => {
  it('opens the clinic slots, start inclusive and end exclusive', () => {
    const w = openWindows(day(), clinic());
    expect(fits(w, 540, 570)).toBe(true); // 09:00
    expect(fits(w, 750, 780)).toBe(true); // 12:30-13:00
    expect(fits(w, 780, 810)).toBe(false); // 13:00
    expect(fits(w, 1080, 1110)).toBe(false); // 18:00
    expect(fits(w, 510, 540)).toBe(false); // 08:30
  });

  it('closes holidays and allows everything when the clinic has no working hours', () => {
    expect(openWindows(day({ holiday: 'National Day' }), clinic())).toEqual([]);
    expect(fits(openWindows(day({ clinicHours: [] }), clinic(false)), 0, 30)).toBe(true);
  });

  it('narrows to the chosen doctor\'s windows', () => {
    const w = openWindows(day({ doctorHours: [{ startTime: '10:00', endTime: '12:00' }, { startTime: '15:00', endTime: '20:00' }] }), clinic());
    expect(w).toEqual([{ start: 600, end: 720 }, { start: 900, end: 1080 }]);
    expect(fits(w, 540, 570)).toBe(false);
  });

  it('lists the closed parts of the visible hours', () => {
    expect(closedRanges([{ start: 540, end: 780 }, { start: 840, end: 1080 }], 480, 1140)).toEqual([
      { start: 480, end: 540 }, { start: 780, end: 840 }, { start: 1080, end: 1140 },
    ]);
    expect(closedRanges([], 540, 600)).toEqual([{ start: 540, end: 600 }]);
  });
});
