import { describe, expect, it } from 'vitest';
import type { VisitView } from '@clinic/shared';
import { phoneLanguage, visitIcs } from './visit-ics';

const visit: VisitView = {
  datetime: '2026-12-01T09:30:00+03:00', endsAt: '2026-12-01T10:00:00+03:00', timeZone: 'Asia/Riyadh', clinic: 'Olaya Clinic, Riyadh',
  address: 'King Fahd Road; Olaya', mapUrl: 'https://www.openstreetmap.org/?mlat=24.7&mlon=46.6#map=17/24.7/46.6', doctor: 'Dr. Omar',
  status: 'scheduled', canAct: true, language: 'ar', firstWeekday: 6, hijri: 'beside',
};

describe('the patient\'s calendar file', () => {
  it('holds the visit at its exact instants, the clinic and its address as the place, escaped', () => {
    const ics = visitIcs(visit, { title: 'Appointment at Olaya Clinic, Riyadh', description: 'With Dr. Omar' }, new Date('2026-11-28T00:00:00Z'));
    const lines = ics.split('\r\n');
    expect(lines).toContain('DTSTART:20261201T063000Z');
    expect(lines).toContain('DTEND:20261201T070000Z');
    expect(lines).toContain('LOCATION:Olaya Clinic\\, Riyadh\\, King Fahd Road\\; Olaya');
    expect(lines).toContain('SUMMARY:Appointment at Olaya Clinic\\, Riyadh');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(ics).not.toMatch(/[^\r]\n/);
  });
});

describe('the page\'s language', () => {
  it('follows the phone when it speaks Arabic or English, else nothing', () => {
    expect(phoneLanguage(['ar-SA', 'en-US'])).toBe('ar');
    expect(phoneLanguage(['fr-FR', 'en-GB'])).toBe('en');
    expect(phoneLanguage(['fr-FR'])).toBeNull();
  });
});
