import { describe, expect, it } from 'vitest';
import { wallAt, wallToIso } from './clinic-time';

describe('clinic-local time (the booking screens)', () => {
  it('books a wall time in the clinic zone, on both sides of UTC and across clock changes', () => {
    expect(wallToIso('2026-11-28', '09:00', 'Asia/Riyadh')).toBe('2026-11-28T09:00:00+03:00');
    expect(wallToIso('2026-11-28', '09:00', 'Pacific/Kiritimati')).toBe('2026-11-28T09:00:00+14:00');
    // A time the clocks skip moves forward by the jump; one they show twice is its first showing.
    expect(wallToIso('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
    expect(wallToIso('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T01:30:00+01:00');
  });

  it('reads an instant on the clinic clocks, and an unknown zone as UTC', () => {
    expect(wallAt(new Date('2026-11-27T10:00:00Z'), 'Pacific/Kiritimati')).toEqual({ date: '2026-11-28', time: '00:00', offsetMinutes: 840 });
    expect(wallAt(new Date('2026-11-27T10:00:00Z'), 'Mars/Olympus_Mons')).toEqual({ date: '2026-11-27', time: '10:00', offsetMinutes: 0 });
  });
});
