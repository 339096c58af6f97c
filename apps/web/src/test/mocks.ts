import type {
  ApiErrorBody, ApiList, ApiSuccess, AppointmentAvailability, AppointmentCard, AppointmentRecord, EmployeeListItem, EmployeeRecord, InvoiceRecord, NextFreeSlot,
  Pagination, PatientDetails, PatientListItem, Ref, ServiceRecord, SessionUser, SpecializationDetails,
} from '@clinic/shared';

/**
 * The API's answers as the tests' request mocks give them: the envelopes, and the records several screens show (the
 * signed-in user, a clinic, a doctor, a patient, an employee). A test overrides only the fields it is about.
 */

export const demoUser: SessionUser = {
  _id: 'user-1',
  publicId: 'EMP-000001',
  name: 'Amina Haddad',
  username: 'admin',
  email: 'admin@demo.clinic',
  roles: ['Admin'],
  plan: 'company',
  employeeType: 'Admin',
  permissions: ['admin'],
  companyId: 'company-1',
  image: null,
  preferences: { hijriMode: 'off', hijriModeOverride: null, companyHijriMode: 'off', digits: 'latn', startScreen: null, clinicId: null },
};

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** `{ success: true, data }`, as every read and write answers. */
export function ok<T>(data: T, message?: string): ApiSuccess<T> {
  return { success: true, ...(message === undefined ? {} : { message }), data };
}

export function errorBody(message: string, code = 'ERROR', fields?: Record<string, string>): ApiErrorBody {
  return { success: false, message: { message, code, ...(fields ? { fields } : {}) } };
}

/** One page of a list holding `rows` (all of them: one page, nothing before or after). */
export function listOf<T>(rows: T[], pagination: Partial<Pagination> = {}): ApiList<T> {
  return {
    success: true,
    data: rows,
    pagination: {
      current_page: 1, items_per_page: 10, has_next_page: false, has_previous_page: false, total_items: rows.length, total_pages: 1, total_exact: true,
      ...pagination,
    },
  };
}

export function emptyList(): ApiList<never> {
  return listOf([]);
}

/** GET /api/profile: the signed-in user, read by the session on every screen behind sign-in. */
export function profileAnswer(user: Partial<SessionUser> = {}): Response {
  return jsonResponse(200, ok({ ...demoUser, ...user }));
}

// Records as the option lists and reference fields name them.
export const olayaClinic: Ref = { _id: '11111111-1111-4111-8111-111111111111', name: 'Olaya Clinic' };
export const malazClinic: Ref = { _id: '44444444-4444-4444-8444-444444444444', name: 'Malaz Clinic' };
export const drOmar: Ref = { _id: '22222222-2222-4222-8222-222222222222', name: 'Dr. Omar Haddad' };
export const drEmily: Ref = { _id: '33333333-3333-4333-8333-333333333333', name: 'Dr. Emily Carter' };

/** A row of the patients list. */
export function patientListItem(over: Partial<PatientListItem> = {}): PatientListItem {
  return {
    _id: 'p-1', publicId: 'PAT-000002', name: 'Amal Hassan', identity: '1098765432', phone: '0501234567', dateOfBirth: '1990-01-05',
    gender: 'female', isActive: true, incomplete: false, selfRegistered: false, lastVisit: null, image: null, createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A patient's record as GET /api/patients/{id} answers it: the required fields filled, the lists empty. */
export function patientDetails(over: Partial<PatientDetails> = {}): PatientDetails {
  return {
    _id: 'p-1', publicId: 'PAT-000002', name: 'Amal Hassan', identity: '1098765432', isActive: true, incomplete: false, selfRegistered: false, phone: '0501234567', email: null,
    contactInfos: [], preferredChannel: 'sms', whatsappConsent: null, dateOfBirth: '1990-01-05', age: 36, gender: 'female', nationality: 'Saudi', marital_status: 'Married', number_children: 2,
    blood_type: 'A+', height: null, weight: null, address: 'King Fahd Road, Riyadh', Smoking: false, professiona_experi: 'Teacher', evaluation: null,
    languages: [], preferredLanguage: null, Current_Medications: null, Surgical_History: null, lifestyleFactors: null, allergies: [],
    ChronicDiseases: [], familyMedicalHistory: [], insurances: [], emergencyContacts: [], emergencyContact: null, image: null, lastVisit: null,
    notes: [], healthReports: [], treatment: { upcoming: [], history: [] },
    createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1,
    ...over,
  };
}

/** A row of the employees list (GET /api/employees; the users list asks it for people who can sign in): demoUser's. */
export function employeeListItem(over: Partial<EmployeeListItem> = {}): EmployeeListItem {
  return {
    _id: demoUser._id, publicId: demoUser.publicId, name: demoUser.name, username: demoUser.username, email: demoUser.email, employeeType: 'Admin',
    roleIds: [{ _id: 'r1', name: 'Admin' }], isActive: true, lastLoginAt: null, createdAt: '2026-01-01T00:00:00Z', image: null, jobTitle: null,
    gender: null, dateOfBirth: null, consultation_fee: null, hasAccount: true, invitation: null, incomplete: false, specializations: [], clinics: [],
    phone: null, version: 1,
    ...over,
  };
}

/** An invoice as GET /api/invoices/{id} and every invoice write answer it: an empty draft of 0.00 SAR at Olaya Clinic. */
export function invoiceRecord(over: Partial<InvoiceRecord> = {}): InvoiceRecord {
  return {
    _id: '44444444-4444-4444-8444-444444444444', number: null, displayNumber: null, status: 'draft', clinic: olayaClinic,
    patient: { _id: 'p-1', name: 'Amal Hassan' }, doctor: null, appointment: null, visitDate: '2026-03-10', currency: 'SAR', minorDigits: 2,
    vatRateBasisPoints: 0, taxNumber: null, subtotal: 0, discountTotal: 0, taxTotal: 0, total: 0, insurer: null, insurerShare: 0, patientShare: 0,
    creditedTotal: 0, paidTotal: 0, refundedTotal: 0, balanceDue: 0, note: '', issuedAt: null,
    createdAt: '2026-03-10T09:00:00Z', updatedAt: '2026-03-10T09:00:00Z', version: 1, lines: [], creditNotes: [], payments: [], claim: null, eInvoice: null,
    ...over,
  };
}

const noDocument = { file: null, effectiveDate: null };

/** An employee's record (GET /api/employees/{id}, and /api/profile/details for the signed-in user): demoUser's. */
export function employeeRecord(over: Partial<EmployeeRecord> = {}): EmployeeRecord {
  return {
    _id: demoUser._id, publicId: demoUser.publicId, name: demoUser.name, username: demoUser.username, email: demoUser.email, hasAccount: true, invitation: null, incomplete: false,
    employeeType: 'Admin', isActive: true, image: null, roleIds: [{ _id: 'r1', name: 'Admin' }], administrator: false, clinics: [], specializations: [],
    departmentId: null, clinicCollectionId: null, contactInfos: [], dateOfBirth: '1990-01-05', gender: 'female', identity: '1', nationality: 'Saudi',
    marital_status: 'Single', number_children: 0, Languages: [], medicalLicenseNumber: null, consultation_fee: null, on_call: false,
    hireDate: '2020-01-01', certifications: [], professional_experience: null, Qualifications: null, address: 'Riyadh', addressDetails: null,
    notes: null, jobType: 'FULL_TIME', jobTitle: 'Administrator', emergencyContact: null, workingHours: [], breakTimes: [], vacationRecords: [],
    documents: { cv: noDocument, workPermit: noDocument, certifications: noDocument, employmentContract: noDocument }, lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', version: 1,
    ...over,
  };
}

/** A service (GET /api/services/{id}, and the answer to saving one): a consultation at Olaya Clinic. */
export function serviceRecord(over: Partial<ServiceRecord> = {}): ServiceRecord {
  return {
    _id: '55555555-5555-4555-8555-555555555555', publicId: 'SRV-000001', name: 'General consultation', description: '', price: 200,
    durationMinutes: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, isActive: true, clinic: olayaClinic, doctors: [],
    createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', version: 1,
    ...over,
  };
}

/** An appointment as GET /api/appointments/{id} answers it: scheduled, nothing happened yet. */
export function appointmentRecord(over: Partial<AppointmentRecord> = {}): AppointmentRecord {
  return {
    _id: 'a-1', publicId: 'APT-000001', patient: { _id: 'p-1', name: 'Amal Hassan', publicId: 'PAT-000002' }, doctor: drOmar, clinic: olayaClinic,
    service: { _id: 's-1', name: 'General consultation' }, reason: 'Follow-up visit', datetime: '2026-03-02T09:00:00+03:00',
    endsAt: '2026-03-02T09:30:00+03:00', durationMinutes: 30, clinicTimeZone: 'Asia/Riyadh', status: 'scheduled', cancellationReason: null,
    lateCancellation: false, reminderSent: false, arrivedAt: null, calledInAt: null, completedAt: null, cancelledAt: null, noShowAt: null,
    arrivedBy: null, calledInBy: null, completedBy: null, cancelledBy: null, noShowBy: null, waitingMinutes: null, visitMinutes: null,
    visitNote: null, source: 'staff', seriesId: null, overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0,
    createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', version: 1,
    ...over,
  };
}

/** A speciality (GET /api/specializations/{id}, and the answer to saving one): cardiology. */
export function specializationDetails(over: Partial<SpecializationDetails> = {}): SpecializationDetails {
  return {
    _id: '66666666-6666-4666-8666-666666666666', publicId: 'SPC-000001', name: 'Cardiology', description: '', certificationRequirements: '',
    medicalProcedures: '', requiredEquipment: '', requiredStaff: [], clinics: [], doctors: [], isActive: true,
    createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', version: 1,
    ...over,
  };
}
/** An appointment as the calendar's list (`view=calendar`) answers it. */
export function calendarCard(over: Partial<AppointmentCard> = {}): AppointmentCard {
  const { _id, publicId, datetime, endsAt, status, source, patient, doctor, service, reason, version, seriesId, overbooked, bufferBeforeMinutes, bufferAfterMinutes } = appointmentRecord();
  return { _id, publicId, datetime, endsAt, status, source, patient, doctor, service, reason, version, seriesId, overbooked, bufferBeforeMinutes, bufferAfterMinutes, ...over };
}

/** A clinic's bookable days (GET /api/appointments/availability): Olaya Clinic in Riyadh, open 09:00-18:00, no doctors. */
export function availability(over: Partial<AppointmentAvailability> = {}): AppointmentAvailability {
  return {
    clinic: { ...olayaClinic, timeZone: 'Asia/Riyadh', averageVisitMinutes: 30, isActive: true, hasWorkingHours: true },
    slotMinutes: 30, dayStart: '09:00', dayEnd: '18:00', days: [], doctors: [],
    ...over,
  };
}

/** A free slot as GET /api/appointments/next-free answers it. */
export function nextFreeSlot(over: Partial<NextFreeSlot> = {}): NextFreeSlot {
  return { datetime: '2026-03-02T09:00:00+03:00', endsAt: '2026-03-02T09:30:00+03:00', doctor: drOmar, ...over };
}
