import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatHijri, toHijri } from '../schemas/display.js';
import { dayOfWeek, weekStart } from './calendar.js';
import {
  addLocalDays, clockChanges, endOfLocalDay, localTime, startOfLocalDay, inZone, todayIn, zonedInstant, zonedIso,
} from './zone.js';
import { isValidTimeZone } from './zone-name.js';

const HOUR = 3_600_000;
const iso = (date: string, time: string, zone: string) => zonedIso(zonedInstant(date, time, zone), zone);

describe('clock changes on both sides of UTC', () => {
  afterEach(() => vi.useRealTimers());

  it('moves a time the clocks skip forward by the jump (New York, London, Berlin in spring)', () => {
    expect(iso('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
    expect(iso('2026-03-29', '01:30', 'Europe/London')).toBe('2026-03-29T02:30:00+01:00');
    expect(iso('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T03:30:00+02:00');
    expect(iso('2026-03-08', '01:59', 'America/New_York')).toBe('2026-03-08T01:59:00-05:00');
  });

  it('reads a time the clocks show twice (autumn) as its first showing, east and west of UTC alike', () => {
    const ny = zonedInstant('2026-11-01', '01:30', 'America/New_York');
    const london = zonedInstant('2026-10-25', '01:30', 'Europe/London');
    expect(zonedIso(ny, 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
    expect(zonedIso(london, 'Europe/London')).toBe('2026-10-25T01:30:00+01:00');
    expect(iso('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T02:30:00+02:00');
    // An hour later the clocks show the same time again, with the winter offset.
    expect(zonedIso(new Date(ny.getTime() + HOUR), 'America/New_York')).toBe('2026-11-01T01:30:00-05:00');
    expect(zonedIso(new Date(london.getTime() + HOUR), 'Europe/London')).toBe('2026-10-25T01:30:00+00:00');
  });

  it('gives the same answers whatever day it runs (in summer and in winter)', () => {
    const answers = () => [
      zonedInstant('2026-11-01', '01:30', 'America/New_York').toISOString(),
      zonedInstant('2026-10-25', '01:30', 'Europe/London').toISOString(),
      zonedInstant('2026-03-29', '01:30', 'Europe/London').toISOString(),
    ];
    vi.useFakeTimers({ now: new Date('2026-07-01T12:00:00Z') });
    const summer = answers();
    vi.setSystemTime(new Date('2027-01-15T12:00:00Z'));
    expect(answers()).toEqual(summer);
    expect(summer).toEqual(['2026-11-01T05:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-03-29T01:30:00.000Z']);
  });

  it('makes the local days of a clock change 23 and 25 hours long, and keeps the wall time when adding days', () => {
    const length = (date: string, zone: string) => (endOfLocalDay(date, zone).getTime() - startOfLocalDay(date, zone).getTime()) / HOUR;
    expect(length('2026-03-08', 'America/New_York')).toBe(23);
    expect(length('2026-11-01', 'America/New_York')).toBe(25);
    expect(length('2026-03-29', 'Europe/London')).toBe(23);
    expect(length('2026-10-25', 'Europe/London')).toBe(25);
    const saturday = zonedInstant('2026-03-07', '09:00', 'America/New_York');
    const sunday = addLocalDays(saturday, 1, 'America/New_York');
    expect(zonedIso(sunday, 'America/New_York')).toBe('2026-03-08T09:00:00-04:00');
    expect(sunday.getTime() - saturday.getTime()).toBe(23 * HOUR);
  });

  it('lists the clock changes of a window, one at midnight UTC included', () => {
    const changes = (zone: string, from: string, to: string) => clockChanges(zone, Date.parse(from), Date.parse(to)).map((c) => [new Date(c.at).toISOString(), c.from, c.to]);
    expect(changes('America/New_York', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      ['2026-03-08T07:00:00.000Z', -300, -240], ['2026-11-01T06:00:00.000Z', -240, -300],
    ]);
    expect(changes('Europe/London', '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual([['2026-03-29T01:00:00.000Z', 0, 60]]);
    expect(changes('Africa/Algiers', '1977-05-01T00:00:00Z', '1977-05-10T00:00:00Z')).toEqual([['1977-05-06T00:00:00.000Z', 0, 60]]);
    expect(changes('Asia/Riyadh', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([]);
  });
});

describe('zoned values for writers of local times', () => {
  it('hold the clinic wall clock on both sides of a clock change', () => {
    const text = (iso: string, zone: string) => inZone(new Date(iso), zone).format('YYYYMMDDTHHmmss');
    expect(text('2026-03-28T08:00:00Z', 'Europe/Berlin')).toBe('20260328T090000');
    expect(text('2026-03-30T07:00:00Z', 'Europe/Berlin')).toBe('20260330T090000');
    expect(text('2026-11-28T06:00:00Z', 'Asia/Riyadh')).toBe('20261128T090000');
    expect(text('2026-11-27T19:00:00Z', 'Pacific/Kiritimati')).toBe('20261128T090000');
  });
});

describe('zones without clock changes, and the date line', () => {
  it('reads Riyadh at UTC+3 all year, its days starting at 21:00 UTC the evening before', () => {
    expect(startOfLocalDay('2026-11-28', 'Asia/Riyadh').toISOString()).toBe('2026-11-27T21:00:00.000Z');
    expect(endOfLocalDay('2026-11-28', 'Asia/Riyadh').toISOString()).toBe('2026-11-28T21:00:00.000Z');
    expect(localTime(new Date('2026-07-01T20:59:00Z'), 'Asia/Riyadh')).toMatchObject({ date: '2026-07-01', time: '23:59', offsetMinutes: 180 });
  });

  it('puts Kiritimati (UTC+14) and Pago Pago (UTC-11) on different calendar days at the same instant', () => {
    const instant = new Date('2026-11-27T10:00:00Z');
    expect(localTime(instant, 'Pacific/Kiritimati')).toEqual({ date: '2026-11-28', time: '00:00', weekday: 'Saturday', minutes: 0, offsetMinutes: 840 });
    expect(localTime(instant, 'Pacific/Pago_Pago')).toMatchObject({ date: '2026-11-26', time: '23:00', weekday: 'Thursday' });
    expect(zonedInstant('2026-11-28', '09:00', 'Pacific/Kiritimati').toISOString()).toBe('2026-11-27T19:00:00.000Z');
    expect(todayIn('Pacific/Kiritimati', instant)).toBe('2026-11-28');
    expect(todayIn('Pacific/Honolulu', instant)).toBe('2026-11-27');
  });

  it('knows real zone names only, and starts weeks on the chosen day', () => {
    expect(isValidTimeZone('Asia/Riyadh')).toBe(true);
    expect(isValidTimeZone('Pacific/Kiritimati')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone(`Asia/${'x'.repeat(70)}`)).toBe(false);
    expect(dayOfWeek('2026-11-28')).toBe(6);
    expect(weekStart('2026-11-28', 0)).toBe('2026-11-22');
    expect(weekStart('2026-11-28', 1)).toBe('2026-11-23');
    expect(weekStart('2026-11-28', 6)).toBe('2026-11-28');
  });
});

describe('Hijri dates', () => {
  it('are still written by the platform calendar, unchanged', () => {
    expect(toHijri('2026-03-20')).toEqual({ year: 1447, month: 10, day: 1 });
    expect(formatHijri('2026-03-20', 'en')).toBe('Shawwal 1, 1447 AH');
    expect(formatHijri('2026-03-20', 'ar', 'arab')).toBe('١ شوال ١٤٤٧ هـ');
  });
});
