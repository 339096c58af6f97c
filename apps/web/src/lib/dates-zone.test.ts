import { describe, expect, it } from 'vitest';

// The browser's zone for this file, set before any formatter is made (formatters keep the zone they were made in).
process.env.TZ = 'Asia/Riyadh';
const { formatDateTime, formatTime } = await import('./dates');

describe("instants in the browser's zone", () => {
  it("writes an instant's time and day where the browser is, not in UTC", () => {
    const instant = new Date('2026-11-24T22:30:00Z'); // 01:30 on the 25th in Riyadh
    expect(formatTime(instant, 'en')).toBe('01:30');
    expect(formatTime(instant, 'en', 'UTC')).toBe('22:30');
    expect(formatDateTime('2026-11-24T22:30:00Z', 'en')).toContain('25');
    expect(formatDateTime('2026-11-24T22:30:00Z', 'en')).toContain('01:30');
  });
});
