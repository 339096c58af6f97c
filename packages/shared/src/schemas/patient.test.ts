import { describe, expect, it } from 'vitest';
import { translate } from '../messages/index.js';
import { patientInput, patientNoteInput } from './patient.js';

/** Field path -> message of the first issue on it, in the language the form shows. */
function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, lang: 'en' | 'ar' = 'en') {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= translate(issue.message, lang);
  return out;
}

const patient = {
  name: 'Amal Hassan',
  identity: '1098765432',
  phone: '0501234567',
  dateOfBirth: '1990-01-05',
  gender: 'female',
  nationality: 'Saudi',
  marital_status: 'Single',
  blood_type: 'A+',
  address: 'King Fahd Road, Riyadh',
  Smoking: 'false',
  professiona_experi: 'Teacher',
};

describe('patient form', () => {
  it('accepts a complete patient', () => {
    expect(patientInput.safeParse(patient).success).toBe(true);
  });

  it("names every missing required field with the spec's message", () => {
    expect(errorsOf(patientInput.safeParse({}))).toEqual({
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

  it('says them in Arabic too', () => {
    expect(errorsOf(patientInput.safeParse({ ...patient, name: '', blood_type: '', phone: '12' }), 'ar')).toEqual({
      name: 'الاسم مطلوب',
      blood_type: 'فصيلة الدم مطلوبة',
      phone: 'رقم الهاتف غير صالح',
    });
  });

  it('refuses a name over 30 characters, a short phone, a malformed e-mail, a negative height and an evaluation over 5', () => {
    const errors = errorsOf(
      patientInput.safeParse({ ...patient, name: 'A name that is much longer than thirty', phone: '12345', email: 'not-an-email', height: '-5', evaluation: '9' }),
    );
    expect(errors).toEqual({
      name: 'Name must be at most 30 characters',
      phone: 'Invalid phone number',
      email: 'Invalid email format',
      height: 'Height must be positive',
      evaluation: 'Evaluation must be between 0 and 5',
    });
  });

  it('checks each emergency contact row on its own', () => {
    const errors = errorsOf(
      patientInput.safeParse({
        ...patient,
        emergencyContacts: [{ name: 'Omar Hassan', phone: '050 111 2233', relationToPatient: 'Brother' }, { name: '', phone: '123', relationToPatient: '' }],
      }),
    );
    expect(errors).toEqual({
      'emergencyContacts.1.name': 'Emergency contact name is required',
      'emergencyContacts.1.phone': 'Invalid phone number',
      'emergencyContacts.1.relationToPatient': 'Relation to patient is required',
    });
    // Spaces in a phone number are dropped, not refused.
    expect(patientInput.parse({ ...patient, emergencyContacts: [{ name: 'Omar Hassan', phone: '050 111 2233', relationToPatient: 'Brother' }] }).emergencyContacts)
      .toEqual([{ name: 'Omar Hassan', phone: '0501112233', relationToPatient: 'Brother' }]);
  });

  it('needs the text of a note', () => {
    expect(errorsOf(patientNoteInput.safeParse({ body: '  ' }))).toEqual({ body: 'Note is required' });
  });
});
