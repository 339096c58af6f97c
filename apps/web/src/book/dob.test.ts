import { describe, expect, it } from 'vitest';
import { dobParts, dobValue, latinDigits, monthNames, wholeDate } from './dob';

const today = '2026-11-30';

describe('the date of birth in three fields', () => {
  it('reads day, month and year as an ISO date', () => {
    expect(dobValue({ day: '12', month: '4', year: '1991' }, today)).toBe('1991-04-12');
    expect(dobValue({ day: '1', month: '12', year: '2000' }, today)).toBe('2000-12-01');
    expect(dobValue({ day: '29', month: '2', year: '2024' }, today)).toBe('2024-02-29');
  });

  it('reads the digits of an Arabic keyboard', () => {
    expect(latinDigits('١٩٩١ ۱۲')).toBe('1991 12');
    expect(dobValue({ day: '١٢', month: '4', year: '١٩٩١' }, today)).toBe('1991-04-12');
  });

  it('gives no date while a part is missing or when the parts name no real day', () => {
    expect(dobValue({ day: '12', month: '', year: '1991' }, today)).toBe('');
    expect(dobValue({ day: '31', month: '4', year: '1991' }, today)).toBe('');
    expect(dobValue({ day: '29', month: '2', year: '2023' }, today)).toBe('');
    expect(dobValue({ day: '12', month: '4', year: '91' }, today)).toBe('');
    expect(dobValue({ day: '0', month: '4', year: '1991' }, today)).toBe('');
    expect(dobValue({ day: '1', month: '1', year: '1899' }, today)).toBe('');
    expect(dobValue({ day: '1', month: '12', year: '2026' }, today)).toBe('');
    expect(dobValue({ day: '30', month: '11', year: '2026' }, today)).toBe('2026-11-30');
  });

  it('splits a whole date typed or pasted into one field, day first', () => {
    expect(wholeDate('1991-04-12')).toEqual({ day: '12', month: '4', year: '1991' });
    expect(wholeDate('12/04/1991')).toEqual({ day: '12', month: '4', year: '1991' });
    expect(wholeDate('١٢/٤/١٩٩١')).toEqual({ day: '12', month: '4', year: '1991' });
    expect(wholeDate('12')).toBeNull();
  });

  it('shows a stored date back in its parts', () => {
    expect(dobParts('1991-04-02')).toEqual({ day: '2', month: '4', year: '1991' });
    expect(dobParts('')).toEqual({ day: '', month: '', year: '' });
  });

  it('names the months in the page’s language', () => {
    expect(monthNames('en')[3]).toBe('April');
    expect(monthNames('ar')[3]).toBe('أبريل');
    expect(monthNames('ar')).toHaveLength(12);
  });
});
