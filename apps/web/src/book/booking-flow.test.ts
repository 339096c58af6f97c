import { describe, expect, it } from 'vitest';
import type { Site } from './api';
import { initialChoice, nextStep } from './booking-flow';

const clinic = (id: string, doctors: Array<[string, string[]]>, services: string[]) => ({
  _id: id, name: id, complex: null, address: null, mapUrl: null, timeZone: 'Asia/Riyadh', firstWeekday: 6, hijri: 'beside' as const,
  mode: 'instant' as const, minNoticeMinutes: 60, horizonDays: 30, cancellationPolicy: {},
  services: services.map((s) => ({ _id: s, name: s, durationMinutes: 20, price: null })),
  doctors: doctors.map(([d, s]) => ({ _id: d, name: d, speciality: null, services: s })),
});
const site: Site = {
  organisation: 'Org', language: 'ar',
  clinics: [clinic('c1', [['d1', ['s1', 's2']], ['d2', ['s1']]], ['s1', 's2']), clinic('c2', [['d3', ['s3']]], ['s3'])],
};

describe('the booking steps', () => {
  it('asks for the clinic first when there are several', () => {
    expect(nextStep(initialChoice(site, new URLSearchParams()))).toBe('clinic');
  });

  it('takes the clinic, service and doctor from a deep link', () => {
    const choice = initialChoice(site, new URLSearchParams('clinic=c1&service=s2&doctor=d1'));
    expect(choice).toEqual({ clinic: 'c1', service: 's2', doctor: 'd1' });
    expect(nextStep(choice)).toBe('day');
  });

  it('finds the clinic from a doctor link and answers single options for the patient', () => {
    expect(initialChoice(site, new URLSearchParams('doctor=d3'))).toEqual({ clinic: 'c2', service: 's3', doctor: 'd3' });
    // Service s2 has one doctor.
    expect(initialChoice(site, new URLSearchParams('clinic=c1&service=s2'))).toEqual({ clinic: 'c1', service: 's2', doctor: 'd1' });
  });

  it('ignores what a link names that the page does not offer', () => {
    expect(initialChoice(site, new URLSearchParams('clinic=zz&service=s9'))).toEqual({});
    expect(initialChoice(site, new URLSearchParams('clinic=c1&service=s9'))).toEqual({ clinic: 'c1' });
  });
});
