import { toHijri } from '@clinic/shared';
import { describe, expect, it } from 'vitest';
import { detectMapping, fromHijri, toE164, toGender, toIsoDate } from './imports.clean.js';

describe('clean-up on the way in', () => {
  it('converts Hijri dates back to the day toHijri names, for every day of several years', () => {
    for (let ms = Date.UTC(1940, 0, 1); ms < Date.UTC(2030, 0, 1); ms += 86_400_000 * 7) {
      const iso = new Date(ms).toISOString().slice(0, 10);
      const h = toHijri(iso)!;
      expect(fromHijri(h.year, h.month, h.day)).toBe(iso);
    }
    expect(fromHijri(1410, 5, 31)).toBeNull();
  });

  it('reads Gregorian and Hijri dates in Western or Arabic-Indic digits', () => {
    expect(toIsoDate('1985-03-04')).toBe('1985-03-04');
    expect(toIsoDate('04/03/1985')).toBe('1985-03-04');
    expect(toIsoDate('١٤١٠/٠٥/١٢ هـ')).toBe('1989-12-11');
    expect(toIsoDate('1410/05/12')).toBe('1989-12-11');
    expect(toIsoDate('31/02/1990')).toBeNull();
    expect(toIsoDate('soon')).toBeNull();
  });

  it('writes phones in E.164 by the country, refusing what is not a number', () => {
    expect(toE164('٠٥٠١٢٣٤٥٦٧', 'SA')).toBe('+966501234567');
    expect(toE164('00966 50 123 4567', 'SA')).toBe('+966501234567');
    expect(toE164('+20 100 123 4567', 'SA')).toBe('+201001234567');
    expect(toE164('12', 'SA')).toBeNull();
  });

  it('recognises headers in Arabic or English, the remembered mapping first', () => {
    const fields = ['name', 'phone', 'dateOfBirth', 'gender'];
    expect(detectMapping(fields, ['الإسم', 'رقم الجوال', 'Birth date', 'Sex'], {})).toEqual({ name: 'الإسم', phone: 'رقم الجوال', dateOfBirth: 'Birth date', gender: 'Sex' });
    expect(detectMapping(fields, ['Client', 'Phone'], { client: 'name' })).toEqual({ name: 'Client', phone: 'Phone' });
    expect([toGender('أنثى'), toGender('M'), toGender('x')]).toEqual(['female', 'male', null]);
  });
});
