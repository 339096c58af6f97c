import { describe, expect, it } from 'vitest';
import { translate } from '../messages/index.js';
import { isValidTimeZone } from '../dates/zone-name.js';
import { clinicInput, clinicWorkingHours, timeRangeIssues } from './clinic.js';
import { complexInput, complexWorkingDays } from './complex.js';
import { companyInput, isOrgPhoneNumber, latestToday } from './company.js';
import { isCalendarDate } from './dates.js';
import { departmentInput } from './department.js';
import { locationSchema } from './location.js';
import { signupInput } from './signup.js';

/** Field path -> English message of the first issue on it. */
function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= translate(issue.message, 'en');
  return out;
}

const location = { x: 24.7136, y: 46.6753 };
const pic = '6f1c1c39-3f7a-4f34-9d55-6a6f3b0b2b11';

const clinic = {
  name: 'Al Noor Dental Clinic',
  PIC: pic,
  overview: 'Family dentistry',
  yearOfEstablishment: '2015-03-01',
  address: 'King Fahd Road, Riyadh',
  vision: 'Healthy smiles',
  goals: 'Same-week appointments',
  WorkingHours: [{ day: 'Sunday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '16:00', endTime: '21:00' }] }],
  locationGoogl: location,
};

describe('working hours rules', () => {
  it('accepts touching slots and refuses inverted or overlapping ones', () => {
    expect(timeRangeIssues([{ startTime: '09:00', endTime: '13:00' }, { startTime: '13:00', endTime: '17:00' }])).toEqual([]);
    expect(timeRangeIssues([{ startTime: '13:00', endTime: '09:00' }])).toEqual([{ index: 0, field: 'endTime', message: 'validation.org.endAfterStart' }]);
    expect(timeRangeIssues([{ startTime: '09:00', endTime: '13:00' }, { startTime: '12:00', endTime: '15:00' }])).toEqual([
      { index: 1, field: 'startTime', message: 'validation.org.slotsOverlap' },
    ]);
    expect(timeRangeIssues([{ startTime: '10:00', endTime: '10:00' }])).toHaveLength(1);
  });

  it('needs at least one entry, each day once, valid 24-hour times', () => {
    expect(errorsOf(clinicWorkingHours.safeParse([]))).toEqual({ '': 'At least one working hour entry is required' });
    const twice = [
      { day: 'Monday', timeSlots: [{ startTime: '09:00', endTime: '12:00' }] },
      { day: 'Monday', timeSlots: [{ startTime: '14:00', endTime: '18:00' }] },
    ];
    expect(errorsOf(clinicWorkingHours.safeParse(twice))).toEqual({ '1.day': 'This day is already listed; add another time slot to it instead' });
    expect(errorsOf(clinicWorkingHours.safeParse([{ day: 'Funday', timeSlots: [{ startTime: '9am', endTime: '' }] }]))).toEqual({
      '0.day': 'Choose a day of the week',
      '0.timeSlots.0.startTime': 'Enter a time as HH:MM (24-hour)',
      '0.timeSlots.0.endTime': 'End time is required',
    });
  });

  it('checks overlapping periods of a complex per day only', () => {
    const ok = complexWorkingDays.safeParse([
      { day: 'Monday', startTime: '08:00', endTime: '12:00' },
      { day: 'Tuesday', startTime: '09:00', endTime: '11:00' },
      { day: 'Monday', startTime: '12:00', endTime: '20:00' },
    ]);
    expect(ok.success).toBe(true);
    const bad = complexWorkingDays.safeParse([
      { day: 'Monday', startTime: '08:00', endTime: '12:00' },
      { day: 'Tuesday', startTime: '09:00', endTime: '11:00' },
      { day: 'Monday', startTime: '11:00', endTime: '20:00' },
    ]);
    expect(errorsOf(bad)).toEqual({ '2.startTime': 'This time slot overlaps another one on the same day' });
  });

  it('knows IANA time zones', () => {
    expect(isValidTimeZone('Asia/Riyadh')).toBe(true);
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('clinic form', () => {
  it('accepts a complete clinic with defaults', () => {
    const parsed = clinicInput.parse(clinic);
    expect(parsed.AverageDurationOfVisit).toBe(30);
    expect(parsed.isActive).toBe(true);
    expect(parsed.departmentId).toBeNull();
    expect(parsed.holidays).toEqual([]);
  });

  it('shows the spec messages for missing fields', () => {
    const errors = errorsOf(clinicInput.safeParse({ WorkingHours: [] }));
    expect(errors).toMatchObject({
      name: 'Clinic name is required',
      PIC: 'Person in charge is required',
      overview: 'Overview is required',
      yearOfEstablishment: 'Year of establishment is required',
      address: 'Address is required',
      vision: 'Vision is required',
      goals: 'Goals are required',
      WorkingHours: 'At least one working hour entry is required',
      locationGoogl: 'Choose the location on the map or type its coordinates',
    });
  });

  it('refuses a future establishment date, an unknown time zone and a bad visit length', () => {
    const future = `${Number(latestToday().slice(0, 4)) + 1}-01-01`;
    const errors = errorsOf(clinicInput.safeParse({ ...clinic, yearOfEstablishment: future, timeZone: 'Nowhere/City', AverageDurationOfVisit: 2 }));
    expect(errors).toEqual({
      yearOfEstablishment: 'The establishment date cannot be in the future',
      timeZone: 'Choose a valid time zone',
      AverageDurationOfVisit: 'Average visit duration must be a whole number of minutes from 5 to 480',
    });
  });

  it('validates financial rows and the insurance e-mail', () => {
    const errors = errorsOf(
      clinicInput.safeParse({
        ...clinic,
        insuranceCompany: [{ companyName: 'Bupa', companyPhone: '123', companyEmail: 'not-mail', coveragePercentage: 120 }],
        onlinePaymentMethods: [{ companyName: 'Mada', processingFees: -1, type: 'cash' }],
      }),
    );
    expect(errors).toEqual({
      'insuranceCompany.0.companyPhone': 'Invalid phone number',
      'insuranceCompany.0.companyEmail': 'Invalid email format',
      'insuranceCompany.0.coveragePercentage': 'Enter a percentage from 0 to 100, with at most two decimals',
      'onlinePaymentMethods.0.processingFees': 'Enter a percentage from 0 to 100, with at most two decimals',
      'onlinePaymentMethods.0.type': 'Type must be credit card, bank transfer or digital wallet',
    });
  });
});

describe('company form', () => {
  const company = {
    name: 'Al Noor Medical Group',
    address: 'Olaya Street, Riyadh',
    yearOfEstablishment: '2009-09-01',
    goals: 'Care close to home',
    overview: 'A network of complexes',
    vision: 'Trusted care',
    contactInfos: [{ type: 'email', value: 'info@alnoor.example' }],
    commercialRecord: { recordNumber: 'CR-1010', grantDate: '2009-08-01', issueDate: '2009-08-01', expirationDate: '2029-08-01', taxNumber: '300000000000003' },
    locationGoogle: location,
  };

  it('accepts a complete company', () => {
    expect(companyInput.safeParse(company).success).toBe(true);
  });

  it('uses the spec messages', () => {
    const errors = errorsOf(companyInput.safeParse({ contactInfos: [], locationGoogle: { x: '', y: '' } }));
    expect(errors).toMatchObject({
      name: 'Company name is required',
      address: 'Address is required',
      yearOfEstablishment: 'Year of establishment is required',
      vision: 'Vision is required',
      contactInfos: 'Contact information is required',
      'locationGoogle.x': 'Latitude is required',
      'locationGoogle.y': 'Longitude is required',
    });
  });

  it('checks contact values by type and the commercial record dates', () => {
    const errors = errorsOf(
      companyInput.safeParse({
        ...company,
        yearOfEstablishment: '2021-02-30',
        contactInfos: [{ type: 'phone', value: 'abc' }, { type: '', value: '' }],
        commercialRecord: { ...company.commercialRecord, expirationDate: '2001-01-01' },
      }),
    );
    expect(errors).toEqual({
      yearOfEstablishment: 'Please enter a valid date',
      'contactInfos.0.value': 'Invalid phone number',
      'contactInfos.1.type': 'Type is required',
      'contactInfos.1.value': 'Value is required',
      'commercialRecord.expirationDate': 'The expiration date must be after the issue date',
    });
  });
});

describe('complex and department forms', () => {
  it('names the complex correctly and checks the website', () => {
    const errors = errorsOf(complexInput.safeParse({ website: 'not a site', phone: '12', email: 'x' }));
    expect(errors).toMatchObject({
      name: 'Medical complex name is required',
      phone: 'Invalid phone number',
      email: 'Invalid email format',
      website: 'Invalid website',
      PIC: 'Person in charge is required',
    });
  });

  it('requires the sub type of department contacts and leaves the complex optional', () => {
    const dep = {
      name: 'Cardiology', PIC: pic, introduction: 'Heart care', yearOfEstablishment: '2018-01-01', address: 'Floor 2',
      vision: 'Healthy hearts', details: 'Cath lab', contactInfos: [{ type: 'phone', value: '+966 11 222 3333' }],
    };
    expect(errorsOf(departmentInput.safeParse(dep))).toEqual({ 'contactInfos.0.subType': 'Sub type is required' });
    const ok = departmentInput.parse({ ...dep, contactInfos: [], clinicCollectionId: '' });
    expect(ok.clinicCollectionId).toBeNull();
    expect(ok.locationGoogl).toBeNull();
  });
});

describe('sign-up form', () => {
  const base = { companyName: 'Shifa Clinic', name: 'Huda Saleh', username: 'huda', email: 'huda@shifa.example', password: 'Strong@123', confirmPassword: 'Strong@123' };
  it('accepts a strong password and refuses weak or mismatched ones', () => {
    expect(signupInput.safeParse(base).success).toBe(true);
    expect(errorsOf(signupInput.safeParse({ ...base, password: 'short', confirmPassword: 'short' }))).toEqual({ password: 'Password must be at least 8 characters.' });
    expect(errorsOf(signupInput.safeParse({ ...base, password: 'alllowercase1', confirmPassword: 'alllowercase1' }))).toEqual({
      password: 'Password must be at least 8 characters, use a mix of uppercase, lowercase, numbers, and symbols.',
    });
    expect(errorsOf(signupInput.safeParse({ ...base, confirmPassword: 'Strong@124' }))).toEqual({ confirmPassword: 'Password confirmation does not match. Please try again' });
    expect(errorsOf(signupInput.safeParse({ ...base, username: 'a b@c' }))).toEqual({ username: 'Use 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter or digit' });
  });
});

describe('small helpers', () => {
  it('checks dates, phones and coordinates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isOrgPhoneNumber('+966 50 123 4567')).toBe(true);
    expect(isOrgPhoneNumber('12345')).toBe(false);
    expect(locationSchema.parse({ x: '24.5', y: '46.1' })).toEqual({ x: 24.5, y: 46.1 });
    expect(errorsOf(locationSchema.safeParse({ x: 91, y: 200 }))).toEqual({ x: 'Latitude must be between -90 and 90', y: 'Longitude must be between -180 and 180' });
  });
});
