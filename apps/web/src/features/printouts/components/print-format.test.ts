import { describe, expect, it } from 'vitest';
import { clinicDateTime, clinicTime, printedAt } from './print-format';

describe('printout times', () => {
  it('prints the moment of printing in the 24-hour time the app uses, never "2:49 PM"', () => {
    const at = new Date(2026, 10, 28, 14, 49);
    expect(printedAt('en', at)).toContain('14:49');
    expect(printedAt('en', at)).not.toMatch(/AM|PM/);
    expect(printedAt('ar', new Date(2026, 10, 28, 2, 49))).toMatch(/02:49|٠٢:٤٩/);
  });

  it('writes a clinic-local time and day as the instant states them, with its offset', () => {
    expect(clinicTime('2026-03-10T21:05:00+03:00', 'en')).toBe('21:05');
    expect(clinicDateTime('2026-03-10T21:05:00+03:00', 'en')).toBe('Tuesday, March 10, 2026 21:05 (UTC+03:00)');
  });
});
