import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarDate } from './dates.js';
import {
  effectiveHijriMode, formatHijri, hijriMonthLength, hijriMonthStart, normaliseDigits, toHijri, westernDigits, withHijri,
} from './display.js';
import { numberish } from './common.js';

describe('Hijri dates (Umm al-Qura)', () => {
  it('reads known days: Eid al-Fitr 1447 and the Hijri new year 1446', () => {
    expect(toHijri('2026-03-20')).toEqual({ year: 1447, month: 10, day: 1 });
    expect(toHijri('2024-07-07')).toEqual({ year: 1446, month: 1, day: 1 });
    expect(toHijri('not a day')).toBeNull();
  });

  it('crosses a month boundary: 30 Ramadan is followed by 1 Shawwal', () => {
    expect(toHijri('2026-03-19')).toEqual({ year: 1447, month: 9, day: 30 });
    expect(hijriMonthStart(1447, 10)).toBe('2026-03-20');
    expect(hijriMonthStart(1447, 9)).toBe('2026-02-18');
    expect(hijriMonthStart(1447, 13)).toBeNull();
  });

  it('knows 29- and 30-day months', () => {
    expect(hijriMonthLength(1447, 9)).toBe(30); // Ramadan 1447
    expect(hijriMonthLength(1447, 10)).toBe(29); // Shawwal 1447
  });

  it('writes both calendars as chosen, with the chosen digits in Arabic', () => {
    expect(formatHijri('2026-03-20', 'en')).toBe('Shawwal 1, 1447 AH');
    expect(formatHijri('2026-03-20', 'ar', 'arab')).toBe('١ شوال ١٤٤٧ هـ');
    expect(formatHijri('2026-03-20', 'ar', 'latn')).toBe('1 شوال 1447 هـ');
    expect(withHijri('Mar 20, 2026', '2026-03-20', 'en', 'off')).toBe('Mar 20, 2026');
    expect(withHijri('Mar 20, 2026', '2026-03-20', 'en', 'beside')).toBe('Mar 20, 2026 (Shawwal 1, 1447 AH)');
    expect(withHijri('Mar 20, 2026', '2026-03-20', 'en', 'primary')).toBe('Shawwal 1, 1447 AH (Mar 20, 2026)');
  });

  it('takes the user\'s mode over the company\'s, ignoring unknown values', () => {
    expect(effectiveHijriMode(null, 'beside')).toBe('beside');
    expect(effectiveHijriMode('primary', 'beside')).toBe('primary');
    expect(effectiveHijriMode('nonsense', 'nonsense')).toBe('off');
  });
});

describe('digits typed in Arabic', () => {
  it('become Western digits, decimal separators included; other text stays', () => {
    expect(normaliseDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normaliseDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normaliseDigits('١٢٬٣٤٥٫٥')).toBe('12345.5');
    expect(normaliseDigits('+966 ٥٠ ١٢٣ ٤٥٦٧')).toBe('+966 50 123 4567');
    expect(normaliseDigits('Room B-204')).toBe('Room B-204');
  });

  it('are read by the shared preprocessors: numbers and calendar dates', () => {
    expect(numberish(z.number()).parse('٤٥')).toBe(45);
    expect(calendarDate().parse('٢٠٢٦-٠٣-٢٠')).toBe('2026-03-20');
    expect(westernDigits(z.string().regex(/^\d+$/)).parse('١٢٣')).toBe('123');
  });
});
