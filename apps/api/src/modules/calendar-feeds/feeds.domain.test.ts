import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { clockChanges } from '@clinic/shared';
import { initials, vtimezone } from './feeds.domain.js';

/** Parses a calendar holding `vtimezone` and one event at `local` in `zone`; answers the event's instant. */
function instantThrough(zone: string, vtz: string, local: string): Date {
  const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', vtz, 'BEGIN:VEVENT', 'UID:1', 'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=${zone}:${local}`, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const timezone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
  const start = calendar.getFirstSubcomponent('vevent')!.getFirstProperty('dtstart')!.getFirstValue() as ICAL.Time;
  start.zone = timezone;
  return start.toJSDate();
}

describe('VTIMEZONE from the platform\'s zone data', () => {
  it('finds each clock change of a year to the minute', () => {
    const changes = clockChanges('Europe/Berlin', Date.UTC(2027, 0, 1), Date.UTC(2028, 0, 1));
    expect(changes.map((c) => [new Date(c.at).toISOString(), c.from, c.to])).toEqual([
      ['2027-03-28T01:00:00.000Z', 60, 120],
      ['2027-10-31T01:00:00.000Z', 120, 60],
    ]);
    expect(clockChanges('Asia/Riyadh', Date.UTC(2027, 0, 1), Date.UTC(2028, 0, 1))).toEqual([]);
  });

  it('lets an independent parser read 09:00 as 09:00 on both sides of a clock change', () => {
    const vtz = vtimezone('Europe/Berlin', Date.UTC(2027, 2, 1), Date.UTC(2027, 4, 1));
    expect(instantThrough('Europe/Berlin', vtz, '20270326T090000').toISOString()).toBe('2027-03-26T08:00:00.000Z');
    expect(instantThrough('Europe/Berlin', vtz, '20270329T090000').toISOString()).toBe('2027-03-29T07:00:00.000Z');
    const ny = vtimezone('America/New_York', Date.UTC(2027, 9, 1), Date.UTC(2027, 11, 1));
    expect(instantThrough('America/New_York', ny, '20271105T090000').toISOString()).toBe('2027-11-05T13:00:00.000Z');
    expect(instantThrough('America/New_York', ny, '20271108T090000').toISOString()).toBe('2027-11-08T14:00:00.000Z');
    const riyadh = vtimezone('Asia/Riyadh', Date.UTC(2027, 0, 1), Date.UTC(2027, 3, 1));
    expect(instantThrough('Asia/Riyadh', riyadh, '20270110T090000').toISOString()).toBe('2027-01-10T06:00:00.000Z');
  });
});

describe('initials', () => {
  it('keeps the first letter of each word in its own script', () => {
    expect(initials('Lina Haddad')).toBe('L. H.');
    expect(initials('محمد عبدالله')).toBe('م. ع.');
    expect(initials('  Ana  ')).toBe('A.');
  });
});
