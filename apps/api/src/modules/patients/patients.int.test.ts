import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, clinics, employees, files, patients, services } from '../../db/schema/index.js';
import { patientInput } from '@clinic/shared';
import { seedPatients } from '../../seed/patients.js';
import { auth, body, contextWithTwoOrgs, createOrg, type FilePart, multipart, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';
import { versionOf } from '../../test/versions.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let nurseToken: string;


const baseFields: Array<[string, string]> = [
  ['name', 'Amal Hassan'],
  ['identity', '1098765432'],
  ['phone', '+966 50 123 4567'],
  ['email', 'amal.hassan@example.com'],
  ['dateOfBirth', 'January 5, 1990'],
  ['gender', 'female'],
  ['nationality', 'Saudi'],
  ['marital_status', 'Married'],
  ['number_children', '2'],
  ['blood_type', 'A+'],
  ['height', '165'],
  ['weight', '62'],
  ['address', 'King Fahd Road, Riyadh'],
  ['Smoking', 'false'],
  ['professiona_experi', 'Teacher'],
  ['evaluation', '4'],
  ['languages[0]', 'Arabic'],
  ['languages[1]', 'English'],
  ['preferredLanguage', 'Arabic'],
  ['Current_Medications', 'Metformin 500 mg'],
  ['Surgical_History', '2015-06-01'],
  ['lifestyleFactors', 'Walks daily'],
  ['allergies[0]', 'Penicillin'],
  ['allergies[1]', 'Peanuts'],
  ['ChronicDiseases[0][disease_name]', 'Type 2 diabetes'],
  ['familyMedicalHistory[0]', 'Father: hypertension'],
  ['insurances[0][insuranceType]', 'Bupa Arabia Gold'],
  ['insurances[0][expiryDate]', '2999-12-31'],
  ['insurances[1][insuranceType]', 'Tawuniya Basic'],
  ['insurances[1][expiryDate]', '2020-01-31'],
  ['emergencyContacts[0][name]', 'Omar Hassan'],
  ['emergencyContacts[0][phone]', '0501112233'],
  ['emergencyContacts[0][relationToPatient]', 'Brother'],
  ['emergencyContacts[1][name]', 'Huda Saleh'],
  ['emergencyContacts[1][phone]', '0504445566'],
  ['emergencyContacts[1][relationToPatient]', 'Mother'],
  ['notes', 'First visit: referred by Dr. Haddad'],
];

function withFields(changes: Record<string, string>, drop: string[] = []): Array<[string, string]> {
  const out = baseFields.filter(([k]) => !drop.includes(k) && !(k in changes));
  return [...out, ...Object.entries(changes)];
}

/** A minimal valid JSON patient. */
function jsonPatient(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Noah Carter',
    identity: `ID-${Math.random().toString(36).slice(2, 10)}`,
    phone: '0551234567',
    dateOfBirth: '1985-07-20',
    gender: 'male',
    nationality: 'British',
    marital_status: 'Single',
    blood_type: 'O-',
    address: 'Olaya Street, Riyadh',
    Smoking: true,
    professiona_experi: 'Engineer',
    ...overrides,
  };
}

async function post(token: string, fields: Array<[string, string]>, parts: FilePart[] = [], lang?: string) {
  const m = await multipart(fields, parts);
  return ctx.app.inject({ method: 'POST', url: '/api/patients', payload: m.payload, headers: { ...auth(token, lang), 'content-type': m.contentType } });
}

/** PUT from a form loaded now: the patient's current version is sent unless the fields name one. */
async function put(token: string, id: string, fields: Array<[string, string]>, parts: FilePart[] = [], lang?: string) {
  const versioned: Array<[string, string]> = fields.some(([k]) => k === 'version') ? fields : [...fields, ['version', String(await versionOf(ctx, 'patients', id))]];
  const m = await multipart(versioned, parts);
  return ctx.app.inject({ method: 'PUT', url: `/api/patients/${id}`, payload: m.payload, headers: { ...auth(token, lang), 'content-type': m.contentType } });
}

async function postJson(token: string, payload: unknown, lang?: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/patients', payload: payload as object, headers: auth(token, lang) });
}

async function uploadReport(token: string, id: string, fields: Array<[string, string]>, parts: FilePart[], lang?: string) {
  const m = await multipart(fields, parts);
  return ctx.app.inject({ method: 'POST', url: `/api/patients/${id}/documents`, payload: m.payload, headers: { ...auth(token, lang), 'content-type': m.contentType } });
}

const get = (token: string, url: string, lang?: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token, lang) });

async function auditRows(patientId: string) {
  return ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'patient'), eq(auditLog.entityId, patientId))).orderBy(auditLog.id);
}

async function fileCount(companyId: string) {
  return (await ctx.database.db.select({ id: files.id }).from(files).where(eq(files.companyId, companyId))).length;
}

/** A clinic, a service and a doctor in company A, to book appointments for the treatment timeline. */
async function schedulingFixtures(companyId: string) {
  const db = ctx.database.db;
  const [clinic] = await db.insert(clinics).values({ companyId, publicId: 'CLN-000001', name: 'Cardiology Clinic' }).returning();
  const [service] = await db.insert(services).values({ companyId, publicId: 'SRV-000001', clinicId: clinic!.id, name: 'ECG', price: '150.00' }).returning();
  const [doctor] = await db.insert(employees).values({ companyId, publicId: 'EMP-900001', name: 'Dr. Omar Haddad', employeeType: 'Doctor' }).returning();
  let n = 0;
  return async (patientId: string, startsAt: string, status: 'scheduled' | 'completed' | 'cancelled', reason = 'Check-up') => {
    n += 1;
    const start = new Date(startsAt);
    await db.insert(appointments).values({
      companyId, publicId: `APT-${String(n).padStart(6, '0')}`, patientId, doctorId: doctor!.id, clinicId: clinic!.id, serviceId: service!.id,
      reason, startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000), status,
    });
  };
}

let book: Awaited<ReturnType<typeof schedulingFixtures>>;

beforeAll(async () => {
  ({ ctx, a, b } = await contextWithTwoOrgs(['North Clinic', 'South Clinic']));
  nurseToken = await signInStaff(ctx, a, {
    name: 'Fatima Zahra', username: 'nurse_a', email: 'nurse_a@north.test', employeeType: 'Nurse', roleNames: ['Nurse'],
  });
  book = await schedulingFixtures(a.companyId);
});
afterAll(() => ctx.close());

describe('POST /api/patients', () => {
  let created: any;

  it('creates a patient from a multipart form with flattened rows and a picture', async () => {
    const res = await post(a.token, baseFields, [{ field: 'image', filename: 'amal.png', type: 'image/png', data: PNG }]);
    expect(res.statusCode).toBe(201);
    const json = body(res);
    expect(json.message).toBe('Patient created successfully');
    created = json.data;
    expect(created).toMatchObject({
      publicId: 'PAT-000001',
      name: 'Amal Hassan',
      phone: '+966501234567',
      dateOfBirth: '1990-01-05',
      gender: 'female',
      marital_status: 'Married',
      number_children: 2,
      blood_type: 'A+',
      height: 165,
      Smoking: false,
      languages: ['Arabic', 'English'],
      allergies: ['Penicillin', 'Peanuts'],
      ChronicDiseases: [{ disease_name: 'Type 2 diabetes' }],
      familyMedicalHistory: ['Father: hypertension'],
      insurances: [
        { insuranceType: 'Bupa Arabia Gold', expiryDate: '2999-12-31', active: true },
        { insuranceType: 'Tawuniya Basic', expiryDate: '2020-01-31', active: false },
      ],
      emergencyContacts: [
        { name: 'Omar Hassan', phone: '0501112233', relationToPatient: 'Brother' },
        { name: 'Huda Saleh', phone: '0504445566', relationToPatient: 'Mother' },
      ],
      emergencyContact: { name: 'Omar Hassan', phone: '0501112233', relationToPatient: 'Brother' },
      contactInfos: [{ type: 'phone', value: '+966501234567' }, { type: 'email', value: 'amal.hassan@example.com' }],
      isActive: true,
      lastVisit: null,
      treatment: { upcoming: [], history: [] },
    });
    expect(created.age).toBeGreaterThanOrEqual(36);
    expect(created.notes).toEqual([expect.objectContaining({ body: 'First visit: referred by Dr. Haddad', author: { _id: a.adminId, name: a.adminName } })]);
    // The picture is served back through its signed link.
    const image = await ctx.app.inject({ method: 'GET', url: created.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('writes the creation to the audit log with who and from where', async () => {
    const rows = await auditRows(created._id);
    expect(rows[0]).toMatchObject({ action: 'create', actorId: a.adminId, companyId: a.companyId, ip: expect.any(String) });
    expect((rows[0]!.changes as any).after).toMatchObject({ publicId: 'PAT-000001', blood_type: 'A+' });
  });

  it('accepts a JSON body too', async () => {
    const res = await postJson(a.token, jsonPatient({ name: 'Noah Carter', emergencyContacts: [{ name: 'Emma Carter', phone: '0559998877', relationToPatient: 'Wife' }] }));
    expect(res.statusCode).toBe(201);
    expect(body(res).data).toMatchObject({ publicId: 'PAT-000002', Smoking: true, image: null, emergencyContacts: [{ name: 'Emma Carter' }] });
  });

  it('explains every missing field with the spec\'s messages', async () => {
    const res = await postJson(a.token, {});
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toEqual({
      message: 'Some fields are invalid. Please check them and try again.',
      code: 'VALIDATION_FAILED',
      fields: {
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
      },
    });
  });

  it('checks each value and each emergency contact row, field by field', async () => {
    const res = await post(a.token, withFields({
      name: 'A name that is much longer than thirty',
      phone: '12345',
      email: 'not-an-email',
      dateOfBirth: '2999-01-01',
      gender: 'unknown',
      nationality: 'Atlantean',
      marital_status: 'Engaged',
      blood_type: 'Z+',
      number_children: '-2',
      height: '-1',
      weight: '0',
      evaluation: '7',
      'emergencyContacts[1][name]': '',
      'emergencyContacts[1][phone]': '123',
      'emergencyContacts[1][relationToPatient]': '',
    }));
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({
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
      'emergencyContacts.1.name': 'Emergency contact name is required',
      'emergencyContacts.1.phone': 'Invalid phone number',
      'emergencyContacts.1.relationToPatient': 'Relation to patient is required',
    });
  });

  it('answers in Arabic when asked', async () => {
    const res = await postJson(a.token, jsonPatient({ name: '', blood_type: undefined, emergencyContacts: [{ name: 'x', phone: '1', relationToPatient: '' }] }), 'ar');
    expect(res.statusCode).toBe(422);
    expect(body(res).message.message).toBe('بعض الحقول غير صالحة. يرجى مراجعتها والمحاولة مرة أخرى.');
    expect(body(res).message.fields).toEqual({
      name: 'الاسم مطلوب',
      blood_type: 'فصيلة الدم مطلوبة',
      'emergencyContacts.0.phone': 'رقم الهاتف غير صالح',
      'emergencyContacts.0.relationToPatient': 'صلة القرابة بالمريض مطلوبة',
    });
  });

  it('refuses unknown fields', async () => {
    const res = await postJson(a.token, jsonPatient({ companyId: b.companyId }));
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ companyId: 'Unknown field' });
  });

  it('refuses a second patient with the same identity number, with a field message, storing nothing', async () => {
    const before = await fileCount(a.companyId);
    const res = await post(a.token, withFields({ name: 'Someone Else' }), [{ field: 'image', filename: 'x.png', type: 'image/png', data: PNG }]);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toEqual({
      message: 'A patient with this identity number already exists',
      code: 'DUPLICATE_IDENTITY',
      fields: { identity: 'This identity number is already registered for another patient' },
    });
    expect(await fileCount(a.companyId)).toBe(before);
    const ar = await postJson(a.token, jsonPatient({ identity: '1098765432' }), 'ar');
    expect(body(ar).message.fields.identity).toBe('رقم الهوية هذا مسجّل لمريض آخر');
    // Another company may register the same identity number.
    expect((await postJson(b.token, jsonPatient({ identity: '1098765432' }))).statusCode).toBe(201);
  });

  it('checks the picture by its content: a PDF named .png is refused and nothing is stored', async () => {
    const before = await fileCount(a.companyId);
    const res = await post(a.token, withFields({ identity: 'PDF-AS-PNG' }), [{ field: 'image', filename: 'photo.png', type: 'image/png', data: PDF }]);
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ image: 'Invalid file format (allowed: JPG, PNG)' });
    expect(await fileCount(a.companyId)).toBe(before);
    const [row] = await ctx.database.db.select().from(patients).where(eq(patients.identity, 'PDF-AS-PNG'));
    expect(row).toBeUndefined();
  });

  it('refuses a picture over 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await post(a.token, withFields({ identity: 'BIG-PICTURE' }), [{ field: 'image', filename: 'big.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(body(res).message.fields).toEqual({ image: 'File size is too large (max 5 MB)' });
  });
});

describe('GET /api/patients', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    ids = {};
    const people = [
      ['Layla Al-Harbi', 'L-1001', '0561000001', '1992-03-14', true],
      ['Yousef Al-Qahtani', 'Y-1002', '0561000002', '1978-11-02', true],
      ['Sarah Williams', 'S-1003', '0561000003', '1990-01-05', false],
      ['ليلى الحربي', 'L-1004', '0561000004', '2001-08-30', true],
    ] as const;
    for (const [name, identity, phone, dob, active] of people) {
      const res = await postJson(a.token, jsonPatient({ name, identity, phone, dateOfBirth: dob, isActive: active }));
      expect(res.statusCode).toBe(201);
      ids[identity] = body(res).data._id;
    }
    await book(ids['L-1001']!, '2025-01-10T08:00:00Z', 'completed');
    await book(ids['L-1001']!, '2025-06-01T08:00:00Z', 'completed');
    await book(ids['L-1001']!, '2025-07-01T08:00:00Z', 'cancelled');
    await book(ids['Y-1002']!, '2024-05-01T08:00:00Z', 'completed');
  });

  const list = (query: string, token = a.token) => get(token, `/api/patients${query}`);
  const names = (res: Awaited<ReturnType<typeof list>>) => body(res).data.map((p: { name: string }) => p.name);

  it('pages through the newest patients first with the documented pagination block', async () => {
    const res = await list('?limit=5');
    expect(res.statusCode).toBe(200);
    const json = body(res);
    expect(json.data.map((p: { publicId: string }) => p.publicId)).toEqual(['PAT-000006', 'PAT-000005', 'PAT-000004', 'PAT-000003', 'PAT-000002']);
    expect(json.pagination).toEqual({ current_page: 1, items_per_page: 5, has_next_page: true, has_previous_page: false, total_items: 6, total_pages: 2, total_exact: true });
    expect(json.data[0]).toEqual({
      _id: ids['L-1004'], publicId: 'PAT-000006', name: 'ليلى الحربي', identity: 'L-1004', phone: '+966561000004', dateOfBirth: '2001-08-30',
      gender: 'male', isActive: true, incomplete: false, selfRegistered: false, lastVisit: null, image: null, createdAt: expect.any(String),
    });
  });

  it("shows each patient's last visit: the latest completed appointment, blank when none", async () => {
    const json = body(await list('?limit=30'));
    const byId = Object.fromEntries(json.data.map((p: { _id: string; lastVisit: string | null }) => [p._id, p.lastVisit]));
    expect(byId[ids['L-1001']!]).toBe('2025-06-01T08:00:00.000Z');
    expect(byId[ids['Y-1002']!]).toBe('2024-05-01T08:00:00.000Z');
    expect(byId[ids['S-1003']!]).toBeNull();
    const sorted = body(await list('?sortBy=lastVisit&order=desc&limit=30')).data.map((p: { _id: string }) => p._id);
    expect(sorted.slice(0, 2)).toEqual([ids['L-1001'], ids['Y-1002']]);
    // Oldest visit first, and patients never seen still come last.
    const ascending = body(await list('?sortBy=lastVisit&order=asc&limit=30')).data.map((p: { _id: string; lastVisit: string | null }) => p.lastVisit);
    expect(ascending.slice(0, 2)).toEqual(['2024-05-01T08:00:00.000Z', '2025-06-01T08:00:00.000Z']);
    expect(ascending.slice(2).every((v: string | null) => v === null)).toBe(true);
  });

  it('keeps the last visit right as appointments are completed, cancelled or removed', async () => {
    const lastVisitOf = async (id: string) => body(await list('?limit=30')).data.find((p: { _id: string }) => p._id === id).lastVisit;
    const patientId = ids['L-1001']!;
    // The cancelled July visit turns out to have happened; then it is cancelled again; then June's is removed.
    await ctx.database.query(`update appointments set status = 'completed' where company_id = $1 and patient_id = $2 and starts_at = $3`, [a.companyId, patientId, '2025-07-01T08:00:00Z']);
    expect(await lastVisitOf(patientId)).toBe('2025-07-01T08:00:00.000Z');
    await ctx.database.query(`update appointments set status = 'cancelled' where company_id = $1 and patient_id = $2 and starts_at = $3`, [a.companyId, patientId, '2025-07-01T08:00:00Z']);
    expect(await lastVisitOf(patientId)).toBe('2025-06-01T08:00:00.000Z');
    await ctx.database.query(`delete from appointments where company_id = $1 and patient_id = $2 and starts_at = $3`, [a.companyId, patientId, '2025-06-01T08:00:00Z']);
    expect(await lastVisitOf(patientId)).toBe('2025-01-10T08:00:00.000Z');
    await book(patientId, '2025-06-01T08:00:00Z', 'completed');
    expect(await lastVisitOf(patientId)).toBe('2025-06-01T08:00:00.000Z');
  });

  it('searches by name (Arabic too), public id, identity number and phone', async () => {
    expect(names(await list('?search=harbi'))).toEqual(['Layla Al-Harbi']);
    expect(names(await list(`?search=${encodeURIComponent('الحربي')}`))).toEqual(['ليلى الحربي']);
    expect(names(await list('?search=pat-000004'))).toEqual(['Yousef Al-Qahtani']);
    expect(names(await list('?search=S-1003'))).toEqual(['Sarah Williams']);
    expect(names(await list(`?search=${encodeURIComponent('056 100 0002')}`))).toEqual(['Yousef Al-Qahtani']);
    expect(names(await list('?search=%25'))).toEqual([]);
  });

  it('filters by status and by date of birth, written either way', async () => {
    expect(names(await list('?isActive=false'))).toEqual(['Sarah Williams']);
    expect(names(await list('?dateOfBirth=1990-01-05'))).toEqual(['Sarah Williams', 'Amal Hassan']);
    expect(names(await list(`?dateOfBirth=${encodeURIComponent('January 5, 1990')}&isActive=true`))).toEqual(['Amal Hassan']);
  });

  it('sorts by name and returns everything with allData', async () => {
    const byName = names(await list('?sortBy=name&order=asc&limit=30'));
    expect(byName.slice(0, 3)).toEqual(['Amal Hassan', 'Layla Al-Harbi', 'Noah Carter']);
    expect(body(await list('?allData=true')).data).toHaveLength(6);
  });

  it('refuses malformed parameters with 422 instead of guessing', async () => {
    for (const q of ['?sortBy=identity', '?limit=7', '?dateOfBirth=yesterday', '?isActive=maybe']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(422);
    }
    const res = await get(a.token, '/api/patients?dateOfBirth=soon', 'ar');
    expect(body(res).message.fields.dateOfBirth).toBe('يجب أن يكون تاريخ الميلاد تاريخًا مثل January 5, 1990 أو 1990-01-05');
  });

  it("never shows another company's patients", async () => {
    expect(names(await list('?limit=30', b.token))).toEqual(['Noah Carter']);
    expect(names(await list('?search=harbi', b.token))).toEqual([]);
  });

  it('gives the same rows page by page as in one list, in every order, the later pages read from the far end', async () => {
    // The other company: its one patient and twelve more, so that pages 2 and 3 of five are read from the far end.
    for (let i = 0; i < 12; i += 1) {
      const res = await postJson(b.token, jsonPatient({ name: `Page Patient ${String.fromCharCode(75 - i)}`, identity: `PG-${100 + i}`, phone: `05620000${10 + i}`, dateOfBirth: `19${70 + (i % 4)}-03-0${1 + (i % 3)}`, isActive: i % 5 !== 0 }));
      expect(res.statusCode).toBe(201);
    }
    const ids = (res: Awaited<ReturnType<typeof list>>) => body(res).data.map((p: { _id: string }) => p._id);
    for (const sort of ['', '&sortBy=name', '&sortBy=publicId', '&sortBy=createdAt', '&sortBy=dateOfBirth', '&sortBy=lastVisit', '&sortBy=isActive']) {
      for (const order of ['&order=asc', '&order=desc']) {
        for (const filter of ['', '&isActive=true', '&search=patient']) {
          const query = `${sort}${order}${filter}`;
          const whole = ids(await list(`?limit=30${query}`, b.token));
          const pages = [];
          for (let page = 1; page <= 3; page += 1) pages.push(await list(`?limit=5&page=${page}${query}`, b.token));
          expect(pages.flatMap(ids), query).toEqual(whole);
          expect(body(pages[1]!).pagination, query).toMatchObject({ current_page: 2, total_items: whole.length, total_exact: true });
          expect(ids(await list(`?limit=5&page=4${query}`, b.token)), query).toEqual([]);
        }
      }
    }
  });

  describe('GET /api/patients/:id', () => {
    it('gives the details screen everything, from real data, and audits the read', async () => {
      const id = ids['L-1001']!;
      await book(id, '2999-02-01T09:00:00Z', 'scheduled', 'Follow-up');
      await ctx.app.inject({ method: 'POST', url: `/api/patients/${id}/notes`, payload: { body: 'Blood pressure normal' }, headers: auth(a.token) });
      await ctx.app.inject({ method: 'POST', url: `/api/patients/${id}/notes`, payload: { body: 'Asked for lab results' }, headers: auth(a.token) });
      const res = await get(a.token, `/api/patients/${id}`);
      expect(res.statusCode).toBe(200);
      const d = body(res).data;
      expect(d.lastVisit).toBe('2025-06-01T08:00:00.000Z');
      expect(d.treatment.upcoming).toEqual([expect.objectContaining({
        datetime: '2999-02-01T09:00:00.000Z', status: 'scheduled', reason: 'Follow-up',
        doctor: { _id: expect.any(String), name: 'Dr. Omar Haddad' }, clinic: expect.objectContaining({ name: 'Cardiology Clinic' }), service: expect.objectContaining({ name: 'ECG' }),
      })]);
      expect(d.treatment.history.map((e: { datetime: string; status: string }) => [e.datetime, e.status])).toEqual([
        ['2025-07-01T08:00:00.000Z', 'cancelled'], ['2025-06-01T08:00:00.000Z', 'completed'], ['2025-01-10T08:00:00.000Z', 'completed'],
      ]);
      expect(d.notes.map((n: { body: string }) => n.body)).toEqual(['Asked for lab results', 'Blood pressure normal']);
      expect(d.notes[0]).toMatchObject({ author: { _id: a.adminId, name: a.adminName }, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
      const reads = (await auditRows(id)).filter((r) => r.action === 'read');
      expect(reads).toHaveLength(1);
      expect(reads[0]).toMatchObject({ actorId: a.adminId, ip: expect.any(String) });
      // A read changes nothing: its entry holds no changes at all (SQL NULL, not a JSON null).
      const [withoutChanges] = await ctx.database.query<{ n: number }>(
        "select count(*)::int as n from audit_log where entity = 'patient' and entity_id = $1 and action = 'read' and changes is null", [id]);
      expect(withoutChanges!.n).toBe(1);
    });

    it('is 404 for an unknown id and 422 for a malformed one', async () => {
      expect((await get(a.token, '/api/patients/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await get(a.token, '/api/patients/not-a-uuid')).statusCode).toBe(422);
    });
  });
});

describe('PUT /api/patients/:id', () => {
  let id: string;
  let imageUrl: string;

  beforeAll(async () => {
    const res = await post(a.token, withFields({ identity: 'EDIT-1', name: 'Khalid Nasser' }, ['notes']), [{ field: 'image', filename: 'k.png', type: 'image/png', data: PNG }]);
    id = body(res).data._id;
    imageUrl = body(res).data.image;
  });

  it('changes the blood type, keeps the picture, and audits only what changed', async () => {
    const res = await put(a.token, id, withFields({ identity: 'EDIT-1', name: 'Khalid Nasser', blood_type: 'B-' }, ['notes']));
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Patient updated successfully');
    expect(body(res).data).toMatchObject({ blood_type: 'B-', name: 'Khalid Nasser' });
    expect(body(res).data.image?.split('?')[0]).toBe(imageUrl.split('?')[0]);
    const update = (await auditRows(id)).find((r) => r.action === 'update');
    expect(update?.changes).toEqual({ before: { blood_type: 'A+' }, after: { blood_type: 'B-' } });
  });

  it('replaces lists as sent, adds a note when one is written, and can remove the picture', async () => {
    const fields = withFields({ identity: 'EDIT-1', name: 'Khalid Nasser', blood_type: 'B-', notes: 'Moved to a new address', removeImage: 'true' },
      ['emergencyContacts[1][name]', 'emergencyContacts[1][phone]', 'emergencyContacts[1][relationToPatient]', 'allergies[0]', 'allergies[1]']);
    const res = await put(a.token, id, fields);
    expect(res.statusCode).toBe(200);
    const d = body(res).data;
    expect(d.emergencyContacts).toHaveLength(1);
    expect(d.allergies).toEqual([]);
    expect(d.image).toBeNull();
    expect(d.notes.map((n: { body: string }) => n.body)).toEqual(['Moved to a new address']);
  });

  it('sets a new picture', async () => {
    const res = await put(a.token, id, withFields({ identity: 'EDIT-1', name: 'Khalid Nasser' }, ['notes']), [{ field: 'image', filename: 'new.png', type: 'image/png', data: PNG }]);
    expect(body(res).data.image).toMatch(/^\/api\/files\//);
  });

  it('validates like the form and refuses an identity number another patient holds', async () => {
    const bad = await put(a.token, id, withFields({ identity: 'EDIT-1', phone: 'abc' }, ['notes']));
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message.fields).toEqual({ phone: 'Invalid phone number' });
    const dup = await put(a.token, id, withFields({ identity: '1098765432' }, ['notes']));
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message.fields).toEqual({ identity: 'This identity number is already registered for another patient' });
  });

  it('is 404 for an unknown patient', async () => {
    expect((await put(a.token, '00000000-0000-4000-8000-000000000000', withFields({ identity: 'X' }))).statusCode).toBe(404);
  });
});

describe('DELETE /api/patients/:id', () => {
  it('removes a patient nothing depends on', async () => {
    const id = body(await post(a.token, withFields({ identity: 'DEL-1' }, ['notes']), [{ field: 'image', filename: 'd.png', type: 'image/png', data: PNG }])).data._id;
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/patients/${id}`, headers: auth(a.token) });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Patient deleted', data: { _id: id, outcome: 'deleted' } });
    expect((await get(a.token, `/api/patients/${id}`)).statusCode).toBe(404);
    expect((await auditRows(id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('deactivates a patient with medical records instead, and says so', async () => {
    const id = body(await postJson(a.token, jsonPatient({ identity: 'DEL-2', notes: 'Has a note' }))).data._id;
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/patients/${id}`, headers: auth(a.token, 'en') });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('This patient has medical records (appointments, notes or health reports), so the record was deactivated instead of deleted');
    expect(body(res).data).toEqual({ _id: id, outcome: 'deactivated' });
    const d = body(await get(a.token, `/api/patients/${id}`)).data;
    expect(d).toMatchObject({ isActive: false, notes: [expect.objectContaining({ body: 'Has a note' })] });
    expect((await auditRows(id)).map((r) => r.action)).toContain('deactivate');
  });

  it('keeps a patient with appointments', async () => {
    const id = body(await postJson(a.token, jsonPatient({ identity: 'DEL-3' }))).data._id;
    await book(id, '2025-03-01T08:00:00Z', 'completed');
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/patients/${id}`, headers: auth(a.token, 'ar') });
    expect(body(res).data.outcome).toBe('deactivated');
    expect(body(res).message).toMatch(/تعطيل/);
  });

  it('keeps a patient whose only record is a place on the waitlist, which stays theirs', async () => {
    const id = body(await postJson(a.token, jsonPatient({ identity: 'DEL-4' }))).data._id;
    const [service] = await ctx.database.db.select({ id: services.id }).from(services).where(eq(services.companyId, a.companyId)).limit(1);
    const entry = await ctx.app.inject({ method: 'POST', url: '/api/waitlist', headers: auth(a.token), payload: { patient: id, service: service!.id } });
    expect(entry.statusCode, entry.body).toBe(201);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/patients/${id}`, headers: auth(a.token, 'en') });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ _id: id, outcome: 'deactivated' });
    expect(body(await get(a.token, `/api/patients/${id}`)).data.isActive).toBe(false);
  });

  it('is 404 for an unknown patient', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/patients/00000000-0000-4000-8000-000000000000', headers: auth(a.token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('notes and health reports', () => {
  let id: string;
  beforeAll(async () => {
    id = body(await postJson(a.token, jsonPatient({ identity: 'NOTES-1' }))).data._id;
  });

  it('adds a timestamped note by the signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/patients/${id}/notes`, payload: { body: '  Patient reports mild headaches  ' }, headers: auth(a.token) });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({ message: 'Note added', data: { body: 'Patient reports mild headaches', author: { _id: a.adminId, name: a.adminName } } });
    expect((await auditRows(id)).map((r) => r.action)).toContain('note_add');
  });

  it('refuses an empty note, in English and Arabic', async () => {
    const en = await ctx.app.inject({ method: 'POST', url: `/api/patients/${id}/notes`, payload: { body: '   ' }, headers: auth(a.token) });
    expect(en.statusCode).toBe(422);
    expect(body(en).message.fields).toEqual({ body: 'Note is required' });
    const ar = await ctx.app.inject({ method: 'POST', url: `/api/patients/${id}/notes`, payload: {}, headers: auth(a.token, 'ar') });
    expect(body(ar).message.fields).toEqual({ body: 'نص الملاحظة مطلوب' });
  });

  it('uploads a PDF health report with its title; it is listed with its date and downloadable', async () => {
    const res = await uploadReport(a.token, id, [['title', 'Blood test, March']], [{ field: 'file', filename: 'blood-test.pdf', type: 'application/pdf', data: PDF }]);
    expect(res.statusCode).toBe(201);
    const report = body(res).data;
    expect(report).toMatchObject({ title: 'Blood test, March', uploadedBy: { _id: a.adminId, name: a.adminName }, file: { name: 'blood-test.pdf', mimeType: 'application/pdf', size: PDF.length } });
    const d = body(await get(a.token, `/api/patients/${id}`)).data;
    expect(d.healthReports).toEqual([expect.objectContaining({ _id: report._id, title: 'Blood test, March', createdAt: expect.any(String) })]);
    const download = await ctx.app.inject({ method: 'GET', url: d.healthReports[0].file.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="blood-test.pdf"/);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await auditRows(id)).map((r) => r.action)).toContain('document_add');
  });

  it('accepts images as reports but refuses other content, and needs a title and a file', async () => {
    expect((await uploadReport(a.token, id, [['title', 'X-ray']], [{ field: 'file', filename: 'xray.png', type: 'image/png', data: PNG }])).statusCode).toBe(201);
    const script = await uploadReport(a.token, id, [['title', 'Evil']], [{ field: 'file', filename: 'report.pdf', type: 'application/pdf', data: Buffer.from('<script>alert(1)</script>') }]);
    expect(script.statusCode).toBe(422);
    expect(body(script).message.fields).toEqual({ file: 'Invalid file format (allowed: PDF, JPG, PNG)' });
    const before = await fileCount(a.companyId);
    const noTitle = await uploadReport(a.token, id, [], [{ field: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF }]);
    expect(noTitle.statusCode).toBe(422);
    expect(body(noTitle).message.fields).toEqual({ title: 'Report title is required' });
    expect(await fileCount(a.companyId)).toBe(before);
    const noFile = await uploadReport(a.token, id, [['title', 'Empty']], [], 'ar');
    expect(body(noFile).message.fields).toEqual({ file: 'اختر ملف PDF أو صورة لرفعه' });
  });

  it('is 404 for notes and reports of an unknown patient', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await ctx.app.inject({ method: 'POST', url: `/api/patients/${unknown}/notes`, payload: { body: 'x' }, headers: auth(a.token) })).statusCode).toBe(404);
    expect((await uploadReport(a.token, unknown, [['title', 'x']], [{ field: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF }])).statusCode).toBe(404);
  });
});

describe('tenant isolation and permissions', () => {
  let id: string;
  beforeAll(async () => {
    id = body(await postJson(a.token, jsonPatient({ identity: 'PRIVATE-1', name: 'Private Patient' }))).data._id;
  });

  it("gives another company 404 for every call on a patient's id, and changes nothing", async () => {
    expect((await get(b.token, `/api/patients/${id}`)).statusCode).toBe(404);
    expect((await put(b.token, id, withFields({ identity: 'PRIVATE-1', name: 'Hijacked' }, ['notes']))).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/patients/${id}`, headers: auth(b.token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/patients/${id}/notes`, payload: { body: 'x' }, headers: auth(b.token) })).statusCode).toBe(404);
    expect((await uploadReport(b.token, id, [['title', 'x']], [{ field: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF }])).statusCode).toBe(404);
    const d = body(await get(a.token, `/api/patients/${id}`)).data;
    expect(d).toMatchObject({ name: 'Private Patient', isActive: true, notes: [], healthReports: [] });
  });

  it('lets a nurse read patients but not change them', async () => {
    expect((await get(nurseToken, '/api/patients')).statusCode).toBe(200);
    expect((await get(nurseToken, `/api/patients/${id}`)).statusCode).toBe(200);
    const refusals = [
      await postJson(nurseToken, jsonPatient({ identity: 'NURSE-1' })),
      await put(nurseToken, id, withFields({ identity: 'PRIVATE-1' })),
      await ctx.app.inject({ method: 'DELETE', url: `/api/patients/${id}`, headers: auth(nurseToken) }),
      await ctx.app.inject({ method: 'POST', url: `/api/patients/${id}/notes`, payload: { body: 'x' }, headers: auth(nurseToken) }),
      await uploadReport(nurseToken, id, [['title', 'x']], [{ field: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF }]),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
    }
    expect(body(await get(a.token, `/api/patients/${id}`)).data.isActive).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/patients' })).statusCode).toBe(401);
  });
});

describe('demo seed', () => {
  it('creates 300 varied patients that satisfy the form rules, the same way every time', async () => {
    const org = await createOrg(ctx, { name: 'Seeded Clinic' });
    const result = await seedPatients(ctx.database.db, org.companyId, new Date('2026-05-01T08:00:00Z'));
    expect(result.patients).toBe(300);
    const rows = await ctx.database.db.select().from(patients).where(eq(patients.companyId, org.companyId)).orderBy(patients.publicId);
    expect(rows).toHaveLength(300);
    expect(rows[0]!.publicId).toBe('PAT-000001');
    expect(new Set(rows.map((r) => r.identity)).size).toBe(300);
    for (const r of rows) {
      const d = r.details as Record<string, unknown>;
      const form = { ...d, name: r.name, identity: r.identity, phone: r.phone, email: r.email ?? undefined, dateOfBirth: r.dateOfBirth, gender: r.gender, nationality: r.nationality, marital_status: r.maritalStatus, blood_type: r.bloodType, Smoking: r.smoking };
      const parsed = patientInput.safeParse(form);
      expect(parsed.success, `${r.publicId} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    const details = rows.map((r) => r.details as Record<string, unknown[] | undefined>);
    expect(details.filter((d) => d.allergies?.length).length).toBeGreaterThan(40);
    expect(details.filter((d) => d.ChronicDiseases?.length).length).toBeGreaterThan(40);
    expect(details.filter((d) => d.insurances?.length).length).toBeGreaterThan(100);
    expect(details.filter((d) => d.emergencyContacts?.length).length).toBeGreaterThan(150);
    expect(rows.some((r) => /[\u0600-\u06FF]/.test(r.name))).toBe(true);
    expect(new Set(rows.map((r) => r.nationality)).size).toBeGreaterThan(10);
    // Deterministic: another company seeded at the same moment gets the same people.
    const twin = await createOrg(ctx, { name: 'Twin Clinic' });
    await seedPatients(ctx.database.db, twin.companyId, new Date('2026-05-01T08:00:00Z'));
    const twinRows = await ctx.database.db.select().from(patients).where(eq(patients.companyId, twin.companyId)).orderBy(patients.publicId);
    expect(twinRows.map((r) => [r.name, r.identity, r.dateOfBirth])).toEqual(rows.map((r) => [r.name, r.identity, r.dateOfBirth]));
    // The list answers with the seeded records, newest first.
    const list = body(await get(org.token, '/api/patients?limit=5'));
    expect(list.pagination.total_items).toBe(300);
    expect(list.data[0].publicId).toBe('PAT-000300');
  });
});

describe('GET /api/patients over a large register', () => {
  let big: TestOrg;
  beforeAll(async () => {
    big = await createOrg(ctx);
    // 1,030 patients, straight into the table (the API would take minutes for this many).
    await ctx.database.query(
      `insert into patients (company_id, public_id, name, identity, phone, date_of_birth, created_at)
       select $1, 'PAT-' || lpad(n::text, 6, '0'), 'Register Patient ' || n, 'ID-' || n, '+96650' || lpad(n::text, 7, '0'),
              date '1980-01-01' + n, now() - (n || ' minutes')::interval
       from generate_series(1, 1030) n`,
      [big.companyId],
    );
  });
  const list = async (query: string) => body(await ctx.app.inject({ method: 'GET', url: `/api/patients?${query}`, headers: auth(big.token) }));

  it('counts up to 1,000 for the first page and says the total is a lower bound', async () => {
    const json = await list('limit=10');
    expect(json.data).toHaveLength(10);
    expect(json.data[0].publicId).toBe('PAT-000001');
    expect(json.pagination).toMatchObject({ total_items: 1000, total_exact: false, has_next_page: true });
  });

  it('counts exactly once the page is near the end, and reads the right rows from deep pages', async () => {
    const json = await list('limit=10&page=100');
    expect(json.data.map((p: { publicId: string }) => p.publicId)[0]).toBe('PAT-000991');
    expect(json.pagination).toMatchObject({ total_items: 1030, total_exact: true, total_pages: 103, has_next_page: true });
    const last = await list('limit=10&page=103');
    expect(last.data.map((p: { publicId: string }) => p.publicId)).toEqual(['PAT-001021', 'PAT-001022', 'PAT-001023', 'PAT-001024', 'PAT-001025', 'PAT-001026', 'PAT-001027', 'PAT-001028', 'PAT-001029', 'PAT-001030']);
    expect(last.pagination).toMatchObject({ total_items: 1030, total_exact: true, has_next_page: false });
    expect((await list('limit=10&page=500')).pagination).toMatchObject({ total_items: 1030, total_exact: true });
  });

  it('finds any part of name, public id, identity or phone whatever the case, and counts a broad search to 100', async () => {
    const broad = await list('search=REGISTER%20patient&limit=10');
    expect(broad.pagination).toMatchObject({ total_items: 100, total_exact: false });
    expect((await list('search=register%20patient%201027')).data.map((p: { publicId: string }) => p.publicId)).toEqual(['PAT-001027']);
    expect((await list('search=id-1029')).data.map((p: { name: string }) => p.name)).toEqual(['Register Patient 1029']);
    expect((await list('search=pat-00102')).pagination).toMatchObject({ total_items: 10, total_exact: true });
    expect((await list('search=0001030')).data.map((p: { publicId: string }) => p.publicId)).toEqual(['PAT-001030']);
    // Text across two fields is not a match (the fields are kept apart).
    expect((await list('search=1030pat')).data).toEqual([]);
  });
});
