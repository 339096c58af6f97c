import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './errors.js';
import { translate } from './messages/index.js';

const entries = Object.entries(ERROR_CODES);

describe('error catalogue', () => {
  it('gives every code a default message that exists in English and in Arabic', () => {
    const missing = entries.flatMap(([code, { message }]) =>
      ['en', 'ar'].filter((lang) => translate(message, lang) === message).map((lang) => `${code}: ${message} (${lang})`));
    expect(missing).toEqual([]);
  });

  it('gives every code an error status and writes codes in capitals', () => {
    for (const [code, { status }] of entries) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(status >= 400 && status < 600, code).toBe(true);
    }
  });

  it('tells a catalogued code from any other text', () => {
    expect(isErrorCode('DOCTOR_DOUBLE_BOOKED')).toBe(true);
    expect(isErrorCode('DOCTOR_DOUBLE_BOOKING')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
