import { describe, expect, it } from 'vitest';
import { canonicalPhone, phoneSearchDigits, toE164 } from './phone.js';

describe('one form for a mobile number', () => {
  it('stores a valid number in E.164, however it was typed', () => {
    for (const typed of ['0501234567', '050 123 4567', '+966 50-123-4567', '00966501234567', '966501234567', '٠٥٠١٢٣٤٥٦٧']) {
      expect(canonicalPhone(typed), typed).toBe('+966501234567');
    }
    // Another country's number keeps its own code.
    expect(canonicalPhone('+20 100 123 4567')).toBe('+201001234567');
    expect(canonicalPhone('+971501234567')).toBe('+971501234567');
  });

  it('keeps a number it cannot read as it was validated, refusing nothing the forms accept', () => {
    expect(canonicalPhone('1234567890')).toBe('1234567890');
    expect(toE164('12')).toBeNull();
  });

  it('searches for the national number of a whole number, else for the digits typed', () => {
    expect(phoneSearchDigits('0501234567')).toBe('501234567');
    expect(phoneSearchDigits('+966501234567')).toBe('501234567');
    expect(phoneSearchDigits('0501')).toBe('0501');
  });
});
