import { describe, expect, it, vi } from 'vitest';

// The browser's zone for this file, set before any formatter is made (formatters keep the zone they were made in).
process.env.TZ = 'Asia/Riyadh';
const { formatDateTime, formatTime, todayIso } = await import('./dates');

describe("instants in the browser's zone", () => {
  it("writes an instant's time and day where the browser is, not in UTC", () => {
    const instant = new Date('2026-11-24T22:30:00Z'); // 01:30 on the 25th in Riyadh
    expect(formatTime(instant, 'en')).toBe('01:30');
    expect(formatTime(instant, 'en', 'UTC')).toBe('22:30');
    expect(formatDateTime('2026-11-24T22:30:00Z', 'en')).toContain('25');
    expect(formatDateTime('2026-11-24T22:30:00Z', 'en')).toContain('01:30');
  });

  it("takes today from the browser's zone: already the 25th in Riyadh at 22:30 UTC on the 24th", () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T22:30:00Z'), toFake: ['Date'] });
    try {
      expect(todayIso()).toBe('2026-11-25');
    } finally {
      vi.useRealTimers();
    }
  });
});
