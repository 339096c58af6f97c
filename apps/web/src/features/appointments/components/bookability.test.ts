import { describe, expect, it } from 'vitest';
import type { AvailabilityDay } from '@clinic/shared';
import { clear, closedRanges, fits, freeStarts, openWindows, startFits } from './bookability';

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

describe('start times for a visit', () => {
  const windows = [{ start: 540, end: 780 }, { start: 960, end: 1260 }]; // 09:00-13:00, 16:00-21:00

  it('offers only starts whose whole visit fits before the window closes', () => {
    const starts = freeStarts(windows, [], { origin: 540, step: 20, duration: 30 });
    expect(starts).toContain(1220); // 20:20-20:50
    expect(starts).not.toContain(1240); // 20:40-21:10 would end after closing
    expect(starts).not.toContain(760); // 12:40-13:10 runs into the break
    expect(starts[0]).toBe(540);
  });

  it('leaves out times taken and times already past', () => {
    const starts = freeStarts(windows, [{ start: 600, end: 630 }], { origin: 540, step: 30, duration: 30, notBefore: 560 });
    expect(starts.slice(0, 3)).toEqual([570, 630, 660]); // 09:00 is past, 10:00 taken
    expect(clear([{ start: 600, end: 630 }], 570, 600)).toBe(true);
    expect(clear([{ start: 600, end: 630 }], 580, 610)).toBe(false);
  });

  it('accepts any start at which the whole visit fits, between the rows too, and every start it lists', () => {
    const busy = [{ start: 600, end: 630 }];
    const rule = { duration: 15, notBefore: 558 };
    // 09:20 (the first available time asked at 09:18) is not on a 30-minute row, and fits.
    expect(startFits(windows, busy, 560, rule)).toBe(true);
    expect(startFits(windows, busy, 555, rule)).toBe(false); // already past
    expect(startFits(windows, busy, 590, rule)).toBe(false); // runs into the booked 10:00
    expect(startFits(windows, busy, 770, rule)).toBe(false); // 12:50-13:05 runs past 13:00
    const listed = freeStarts(windows, busy, { origin: 540, step: 30, ...rule });
    expect(listed.every((m) => startFits(windows, busy, m, rule))).toBe(true);
  });
});
