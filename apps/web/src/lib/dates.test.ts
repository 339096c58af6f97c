import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatDayRange, localiseDates } from './dates';

describe('calendar dates for people', () => {
  it('writes a day in the interface language with Intl', () => {
    expect(formatDay('2026-11-16', 'en')).toBe('Nov 16, 2026');
    const ar = formatDay('2026-11-16', 'ar');
    expect(ar).toContain('نوفمبر');
    expect(ar).not.toMatch(/نوفمبر \d+,/); // not the English pattern with an Arabic month
    expect(formatDay('not a day', 'en')).toBe('not a day');
  });

  it('writes a week as one range', () => {
    expect(formatDayRange('2026-11-22', '2026-11-28', 'en')).toMatch(/^Nov 22\s–\s28, 2026$/);
    expect(formatDayRange('2026-11-29', '2026-12-05', 'en')).toMatch(/^Nov 29\s–\sDec 5, 2026$/);
  });

  it('rewrites the ISO dates of a server message and leaves times alone', () => {
    expect(localiseDates('The clinic is closed on 2026-11-27 (National Day)', 'en')).toBe('The clinic is closed on Nov 27, 2026 (National Day)');
    expect(localiseDates('The doctor is on approved leave from 2026-11-20 to 2026-11-30', 'en')).toBe(
      'The doctor is on approved leave from Nov 20, 2026 to Nov 30, 2026',
    );
    expect(localiseDates('The appointment (20:40–21:10) is outside the hours on 2026-11-28 (09:00–13:00)', 'en')).toBe(
      'The appointment (20:40–21:10) is outside the hours on Nov 28, 2026 (09:00–13:00)',
    );
    expect(localiseDates('Use 2026-03-29T09:00:00+03:00', 'en')).toBe('Use 2026-03-29T09:00:00+03:00');
    expect(localiseDates('العيادة مغلقة يوم 2026-11-27', 'ar')).toContain('نوفمبر');
  });
});

describe('dates on the screens', () => {
  it('writes Arabic dates day first, with Latin digits, never "نوفمبر 16, 2026"', () => {
    expect(formatDate('2026-11-16', 'ar')).toBe('16 نوفمبر 2026');
    expect(formatDate('2026-11-16', 'en')).toBe('November 16, 2026');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('garbage', 'en')).toBe('');
  });

  it('writes an instant with its 24-hour time in the browser\'s zone', () => {
    expect(formatDateTime('2026-11-16T12:00:00Z', 'en')).toMatch(/^November 16, 2026 · \u2066\d{2}:00\u2069$/);
  });
});
