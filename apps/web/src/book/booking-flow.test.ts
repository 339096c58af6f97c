import { describe, expect, it } from 'vitest';
import type { Site } from './api';
import { initialChoice, nextStep, placeOf, priceText, serviceMinutes } from './booking-flow';

const clinic = (id: string, doctors: Array<[string, string[]]>, services: string[]) => ({
  _id: id, name: id, complex: null, address: null, mapUrl: null, timeZone: 'Asia/Riyadh', firstWeekday: 6, hijri: 'beside' as const,
  mode: 'instant' as const, minNoticeMinutes: 60, horizonDays: 30, cancellationPolicy: {},
  services: services.map((s) => ({ _id: s, name: s, durationMinutes: 20, price: null })),
  doctors: doctors.map(([d, s]) => ({ _id: d, name: d, speciality: null, services: s })),
});
const site: Site = {
  organisation: 'Org', currency: 'SAR', language: 'ar',
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

describe('the page’s wording of a clinic and a service', () => {
  it('says where a clinic is once, not its complex twice', () => {
    expect(placeOf({ complex: 'Al Noor Olaya Medical Complex', address: 'Al Noor Olaya Medical Complex, Riyadh' })).toBe('Al Noor Olaya Medical Complex, Riyadh');
    expect(placeOf({ complex: 'Olaya Complex', address: 'King Fahd Road, Riyadh' })).toBe('Olaya Complex · King Fahd Road, Riyadh');
    expect(placeOf({ complex: 'Olaya Complex', address: null })).toBe('Olaya Complex');
    expect(placeOf({ complex: null, address: 'Riyadh' })).toBe('Riyadh');
    expect(placeOf({ complex: 'Olaya Complex, Riyadh', address: 'olaya  complex' })).toBe('Olaya Complex, Riyadh');
  });

  it('knows no visit length for a service without its own (never 0 minutes)', () => {
    expect(serviceMinutes({ durationMinutes: 0 })).toBeNull();
    expect(serviceMinutes({ durationMinutes: 45 })).toBe(45);
  });

  it('writes a price in the organisation\'s currency for the page\'s language', () => {
    expect(priceText(350, 'SAR', 'en')).toMatch(/^SAR\s350\.00$/);
    expect(priceText(350, 'SAR', 'ar')).toContain('ر.س');
    expect(priceText(1500, 'KWD', 'en')).toMatch(/^KWD\s1,500\.000$/);
    expect(priceText(350, 'XYZ1', 'en')).toBe('350 XYZ1');
  });
});
