import { describe, expect, it } from 'vitest';
import { latestTodayIso, parseDateText, patientInput, patientListQuery, translate } from '@clinic/shared';
import { ageOn, contactInfosOf, insuranceIsActive, phoneSearchText, splitTreatment, todayIn, toColumns } from './patients.domain.js';

const validForm = {
  name: 'Amal Hassan',
  identity: '1098765432',
  phone: '+966 50 123 4567',
  dateOfBirth: 'January 5, 1990',
  gender: 'female',
  nationality: 'Saudi',
  marital_status: 'Married',
  blood_type: 'O+',
  address: 'King Fahd Road, Riyadh',
  Smoking: 'no',
  professiona_experi: 'Teacher',
};

function messages(value: unknown) {
  const result = patientInput.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), translate(i.message, 'en')]));
}

describe('age and insurance', () => {
  it('counts whole years, a birthday from its own day', () => {
    expect(ageOn('1990-01-05', '2026-01-04')).toBe(35);
    expect(ageOn('1990-01-05', '2026-01-05')).toBe(36);
    expect(ageOn('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageOn('2026-03-01', '2026-03-01')).toBe(0);
  });

  it('keeps an insurance active up to and including its expiry date', () => {
    expect(insuranceIsActive('2026-05-10', '2026-05-10')).toBe(true);
    expect(insuranceIsActive('2026-05-09', '2026-05-10')).toBe(false);
  });

  it("takes today's date in the company's time zone", () => {
    const now = new Date('2026-03-01T22:30:00Z');
    expect(todayIn('Asia/Riyadh', now)).toBe('2026-03-02');
    expect(todayIn('America/New_York', now)).toBe('2026-03-01');
    expect(todayIn('Not/AZone', now)).toBe('2026-03-01');
  });
});

describe('treatment timeline', () => {
  it('puts appointments on or before now in history (latest first) and later ones in upcoming (soonest first)', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const at = (iso: string) => ({ startsAt: new Date(iso) });
    const { upcoming, history } = splitTreatment([at('2026-02-01T09:00:00Z'), at('2026-03-05T09:00:00Z'), at('2026-03-01T10:00:00Z'), at('2026-03-02T09:00:00Z')], now);
    expect(history.map((e) => e.startsAt.toISOString())).toEqual(['2026-03-01T10:00:00.000Z', '2026-02-01T09:00:00.000Z']);
    expect(upcoming.map((e) => e.startsAt.toISOString())).toEqual(['2026-03-02T09:00:00.000Z', '2026-03-05T09:00:00.000Z']);
  });
});

describe('dates as users write them', () => {
  it('reads ISO dates and the screens\' "January 5, 1990", and refuses impossible dates', () => {
    expect(parseDateText('1990-01-05')).toBe('1990-01-05');
    expect(parseDateText('January 5, 1990')).toBe('1990-01-05');
    expect(parseDateText('jan 5 1990')).toBe('1990-01-05');
    expect(parseDateText('1990-01-05T00:00:00.000Z')).toBe('1990-01-05');
    expect(parseDateText('February 30, 1990')).toBeNull();
    expect(parseDateText('Smarch 5, 1990')).toBeNull();
    expect(parseDateText('05/01/1990')).toBeNull();
  });

  it('accepts both forms in the date-of-birth filter and explains a bad one', () => {
    expect(patientListQuery.parse({ dateOfBirth: 'January 5, 1990' }).dateOfBirth).toBe('1990-01-05');
    const bad = patientListQuery.safeParse({ dateOfBirth: '5th of Jan' });
    expect(bad.success).toBe(false);
    expect(translate(bad.error!.issues[0]!.message, 'en')).toBe('Date of birth must be a date such as January 5, 1990 or 1990-01-05');
  });
});

describe('patient form rules', () => {
  it('accepts a complete form, normalising phone numbers and reading yes/no and numbers sent as text', () => {
    const data = patientInput.parse({ ...validForm, height: '165', weight: '62.5', number_children: '2', evaluation: '4' });
    expect(data).toMatchObject({ phone: '+966501234567', dateOfBirth: '1990-01-05', Smoking: false, height: 165, weight: 62.5, number_children: 2, evaluation: 4 });
  });

  it('gives the spec\'s message for every required field', () => {
    expect(messages({})).toEqual({
      name: 'Name is required',
      identity: 'Identity is required',
      phone: 'Invalid phone number',
      dateOfBirth: 'Date of Birth is required',
      gender: 'Gender is Required',
      nationality: 'Nationality is required',
      marital_status: 'Marital status is required',
      blood_type: 'Blood type is required',
      address: 'Address is required',
      Smoking: 'Smoking status is required',
      professiona_experi: 'Professional experience is required',
    });
  });

  it('checks each value', () => {
    expect(messages({
      ...validForm,
      name: 'A name that is far too long for the form',
      phone: '12345',
      email: 'not-an-email',
      dateOfBirth: latestTodayIso(new Date(Date.now() + 3 * 86400_000)),
      gender: 'other',
      nationality: 'Martian',
      marital_status: 'Complicated',
      blood_type: 'C+',
      number_children: '-1',
      height: '-170',
      weight: '0',
      evaluation: '6',
      languages: ['Klingon'],
      Surgical_History: '2999-01-01',
    })).toEqual({
      name: 'Name must be at most 30 characters',
      phone: 'Invalid phone number',
      email: 'Invalid email format',
      dateOfBirth: 'Date of birth cannot be in the future',
      gender: 'Invalid gender',
      nationality: 'Invalid nationality',
      marital_status: 'Invalid marital status',
      blood_type: 'Invalid blood type',
      number_children: 'Children count cannot be negative',
      height: 'Height must be positive',
      weight: 'Weight must be positive',
      evaluation: 'Evaluation must be between 0 and 5',
      'languages.0': 'Invalid language',
      Surgical_History: 'Surgical history date cannot be in the future',
    });
  });

  it('checks every emergency contact row and insurance row', () => {
    expect(messages({
      ...validForm,
      emergencyContacts: [{ name: '', phone: '050123', relationToPatient: '' }, { name: 'Omar', phone: '0501234567', relationToPatient: 'Brother' }],
      insurances: [{ insuranceType: '', expiryDate: '' }],
    })).toEqual({
      'emergencyContacts.0.name': 'Emergency contact name is required',
      'emergencyContacts.0.phone': 'Invalid phone number',
      'emergencyContacts.0.relationToPatient': 'Relation to patient is required',
      'insurances.0.insuranceType': 'Insurance type is required',
      'insurances.0.expiryDate': 'Expiry date is required',
    });
  });

  it('has every message in Arabic too', () => {
    const result = patientInput.safeParse({});
    for (const issue of result.error!.issues) {
      expect(translate(issue.message, 'ar'), issue.message).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('storing and auditing', () => {
  it('splits the form into searchable columns and the details document, leaving out empty values', () => {
    const c = toColumns(patientInput.parse({ ...validForm, email: 'Amal@Example.COM', allergies: [], languages: ['Arabic', 'Arabic', 'English'] }));
    expect(c).toMatchObject({ email: 'amal@example.com', gender: 'female', bloodType: 'O+', maritalStatus: 'Married', smoking: false });
    expect(c.details).toEqual({ address: 'King Fahd Road, Riyadh', professiona_experi: 'Teacher', languages: ['Arabic', 'English'] });
  });

  it('lists phone and e-mail as contact infos and matches phones typed with spaces', () => {
    expect(contactInfosOf('0501234567', null)).toEqual([{ type: 'phone', value: '0501234567' }]);
    expect(phoneSearchText('050 123')).toBe('050123');
    expect(phoneSearchText('Amal')).toBeNull();
  });
});
