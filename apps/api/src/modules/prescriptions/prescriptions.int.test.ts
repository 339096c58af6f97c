import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClinic, insertPatient } from '../appointments/fixtures.js';
import { auth, body, createOrg, createTestContext, linkSessionOf, multipart, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let doctor: string;
let otherDoctor: string;
let nurse: string;
let reception: string;
let clinicId: string;
let bPatientId: string;
const drugs: Record<string, string> = {};

const CATALOGUE = [
  'name,generic name,form,strength,Arabic name',
  'Amoxil,Amoxicillin,Capsule,500 mg,أموكسيل',
  'Panadol,Paracetamol,Tablet,500 mg,بنادول',
  'Glucophage,Metformin Hydrochloride,Tablet,500 mg,جلوكوفاج',
].join('\n');

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload ? { payload } : {}) });
const q = <T>(sql: string, params: unknown[] = []) => ctx.database.query<T & Record<string, unknown>>(sql, params);
const count = async (sql: string, params: unknown[] = []) => (await q<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

const item = (medication: string, extra: object = {}) => ({ medication, dose: 1, unit: 'capsule', route: 'oral', frequency: 'TID', durationDays: 7, quantity: 21, ...extra });

async function newPatient(name: string) {
  return (await insertPatient(ctx.database.db, a.companyId, { name })).id;
}
async function allergic(patientId: string, substance: string) {
  const res = await call(doctor, 'POST', `/api/patients/${patientId}/allergies`, { substance, type: 'allergy', severity: 'severe' });
  expect(res.statusCode, res.body).toBe(201);
}
async function draft(patientId: string, items = [item(drugs.Amoxil!)], token = doctor, extra: object = {}) {
  const res = await call(token, 'POST', `/api/patients/${patientId}/prescriptions`, { clinic: clinicId, items, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data;
}

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Al Noor' });
  b = await createOrg(ctx, { name: 'Other' });
  doctor = await signInStaff(ctx, a, { name: 'Dr. Huda Saleh', username: 'huda.rx', email: 'huda.rx@example.test', employeeType: 'Doctor', roleNames: ['Doctor'] });
  otherDoctor = await signInStaff(ctx, a, { name: 'Dr. Omar', username: 'omar.rx', email: 'omar.rx@example.test', employeeType: 'Doctor', roleNames: ['Doctor'] });
  nurse = await signInStaff(ctx, a, { name: 'Nurse Laila', username: 'laila.rx', email: 'laila.rx@example.test', employeeType: 'Nurse', roleNames: ['Nurse'] });
  reception = await signInStaff(ctx, a, { name: 'Sara Desk', username: 'sara.rx', email: 'sara.rx@example.test', employeeType: 'Administrative', roleNames: ['Receptionist'] });
  await q(`update employees set medical_license_number = 'SCFHS-12345' where id = $1`, [linkSessionOf(doctor).employeeId]);
  clinicId = (await insertClinic(ctx.database.db, a.companyId, { name: 'Olaya Clinic' })).id;
  bPatientId = (await insertPatient(ctx.database.db, b.companyId, { name: 'Other Patient' })).id;
  const form = await multipart([], [{ field: 'file', filename: 'c.csv', type: 'text/csv', data: Buffer.from(CATALOGUE) }]);
  const imported = await ctx.app.inject({ method: 'POST', url: '/api/medications/import', headers: { ...auth(a.token), 'content-type': form.contentType }, payload: form.payload });
  expect(imported.statusCode, imported.body).toBe(200);
  for (const r of await q<{ id: string; name: string }>(`select id, name from medications where company_id = $1`, [a.companyId])) drugs[r.name] = r.id;
}, 60_000);
afterAll(() => ctx.close());

describe('the checks', () => {
  it('say when allergies were never recorded and no medications are on record, and always that no class check is made', async () => {
    const patient = await newPatient('Never Asked');
    const res = await call(doctor, 'POST', `/api/patients/${patient}/prescriptions/check`, { items: [{ medication: drugs.Amoxil }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ warnings: [], notices: ['allergiesUnknown', 'noClassCheck', 'noCurrentMedications'], allergyState: 'unknown' });
    expect(await count(`audit_log where entity = 'patient' and entity_id = $1 and action = 'read' and changes->>'part' = 'prescription_check'`, [patient])).toBe(1);
  });

  it('warn of an allergy by the generic name and of a duplicate of an active medication', async () => {
    const patient = await newPatient('Allergic Amal');
    await allergic(patient, 'Amoxicillin');
    await call(doctor, 'POST', `/api/patients/${patient}/medications`, { medication: drugs.Panadol, route: 'oral', frequency: 'PRN' });
    const res = await call(doctor, 'POST', `/api/patients/${patient}/prescriptions/check`, { items: [{ medication: drugs.Amoxil }, { medication: drugs.Panadol }] });
    const data = body(res).data;
    expect(data.warnings.map((w: { kind: string; item: number }) => [w.kind, w.item])).toEqual([['allergy', 0], ['duplicate', 1]]);
    expect(data.notices).toEqual(['noClassCheck']);
  });
});

describe('issuing', () => {
  it('refuses a warning without a reason (nothing changes), then issues with one: stored, audited, on the medication list', async () => {
    const patient = await newPatient('Rana Allergic');
    await allergic(patient, 'amoxicillin');
    const p = await draft(patient);
    expect(p).toMatchObject({ status: 'draft', number: expect.stringMatching(/^RX-/), verificationToken: null, prescriber: { licenseNumber: 'SCFHS-12345' } });
    const refused = await call(doctor, 'POST', `/api/prescriptions/${p._id}/issue`, { version: p.version }, 'ar');
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toMatchObject({ code: 'PRESCRIPTION_WARNINGS_NOT_ACKNOWLEDGED', message: 'يحتاج كل تنبيه إلى سبب قبل إصدار الوصفة' });
    expect(await count(`patient_medications where patient_id = $1`, [patient])).toBe(0);
    const key = `allergy:0:${(await q<{ id: string }>(`select id from patient_allergies where patient_id = $1`, [patient]))[0]!.id}`;
    const ok = await call(doctor, 'POST', `/api/prescriptions/${p._id}/issue`, { version: p.version, acknowledgements: [{ key, reason: 'Rash only as a child; tolerated since' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    const issued = body(ok).data;
    expect(issued).toMatchObject({ status: 'issued', acknowledgements: [{ key, kind: 'allergy', reason: 'Rash only as a child; tolerated since' }] });
    expect(issued.verificationToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const list = body(await call(doctor, 'GET', `/api/patients/${patient}/medications`)).data;
    expect(list).toMatchObject([{ name: 'Amoxil', source: 'prescription', prescription: p._id, frequency: 'TID', status: 'active' }]);
    const [audit] = await q<{ changes: { acknowledgements: Array<{ reason: string }> } }>(`select changes from audit_log where entity = 'prescription' and entity_id = $1 and action = 'issue'`, [p._id]);
    expect(audit!.changes.acknowledgements[0]!.reason).toBe('Rash only as a child; tolerated since');
    // Issued once: a second issue changes nothing.
    expect((await call(doctor, 'POST', `/api/prescriptions/${p._id}/issue`, { version: issued.version })).statusCode).toBe(409);
  });

  it('keeps an issued prescription and its items as issued in the database; only cancelling is allowed', async () => {
    const patient = await newPatient('Locked Layla');
    const p = body(await call(doctor, 'POST', `/api/prescriptions/${(await draft(patient))._id}/issue`, { version: 1 })).data;
    await expect(q(`update prescriptions set valid_days = 90 where id = $1`, [p._id])).rejects.toThrow(/cannot be changed/);
    await expect(q(`delete from prescriptions where id = $1`, [p._id])).rejects.toThrow(/cannot be changed/);
    await expect(q(`update prescription_items set quantity = 99 where prescription_id = $1`, [p._id])).rejects.toThrow(/cannot be changed/);
    await expect(q(`delete from prescription_items where prescription_id = $1`, [p._id])).rejects.toThrow(/cannot be changed/);
    expect((await call(doctor, 'PUT', `/api/prescriptions/${p._id}`, { clinic: clinicId, language: 'en', validDays: 30, items: [item(drugs.Panadol!)], version: p.version })).statusCode).toBe(409);
    // Another doctor may not cancel it; its prescriber may, with a reason, and the list entry is stopped.
    expect((await call(otherDoctor, 'POST', `/api/prescriptions/${p._id}/cancel`, { reason: 'x', version: p.version })).statusCode).toBe(403);
    expect((await call(doctor, 'POST', `/api/prescriptions/${p._id}/cancel`, { reason: ' ', version: p.version })).statusCode).toBe(422);
    const cancelled = await call(doctor, 'POST', `/api/prescriptions/${p._id}/cancel`, { reason: 'Wrong patient', version: p.version });
    expect(body(cancelled).data).toMatchObject({ status: 'cancelled', cancelReason: 'Wrong patient' });
    expect((await q<{ status: string }>(`select status from patient_medications where prescription_id = $1`, [p._id]))[0]!.status).toBe('stopped');
    await expect(q(`update prescriptions set status = 'issued', cancelled_at = null, cancel_reason = '' where id = $1`, [p._id])).rejects.toThrow(/cannot be changed/);
  });

  it('writes in the patient\'s preferred language unless told otherwise, valid 30 days by default', async () => {
    const patient = await newPatient('Arabic Speaker');
    await q(`update patients set details = '{"preferredLanguage":"Arabic"}' where id = $1`, [patient]);
    expect((await draft(patient)).language).toBe('ar');
    const en = await draft(patient, undefined, doctor, { language: 'en', validDays: 7 });
    expect(en).toMatchObject({ language: 'en', validDays: 7 });
    const bad = await call(doctor, 'POST', `/api/patients/${patient}/prescriptions`, { clinic: clinicId, items: [], validDays: 400 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(body(bad).message.fields).sort()).toEqual(['items', 'validDays']);
  });
});

describe('public verification', () => {
  it('answers genuine, the state, the dates and the clinic: no patient and no drug', async () => {
    const patient = await newPatient('Private Person');
    const p = body(await call(doctor, 'POST', `/api/prescriptions/${(await draft(patient))._id}/issue`, { version: 1 })).data;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/public/prescriptions/verify', payload: { token: p.verificationToken } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ genuine: true, status: 'valid', issuedOn: expect.any(String), validUntil: p.validUntil, clinicName: 'Olaya Clinic' });
    expect(res.body).not.toMatch(/Private Person|Amoxil|Huda|PAT-/);
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/public/prescriptions/verify', payload: { token: 'not-a-real-code' } });
    expect(body(unknown).data).toEqual({ genuine: false, status: null, issuedOn: null, validUntil: null, clinicName: null });
    // A draft was never handed out: not genuine.
    const d = await draft(patient);
    const [tok] = await q<{ verification_token: string }>(`select verification_token from prescriptions where id = $1`, [d._id]);
    expect(body(await ctx.app.inject({ method: 'POST', url: '/api/public/prescriptions/verify', payload: { token: tok!.verification_token } })).data.genuine).toBe(false);
  });

  it('says expired after the valid-until day and cancelled once cancelled', async () => {
    const patient = await newPatient('Expiring');
    const p = body(await call(doctor, 'POST', `/api/prescriptions/${(await draft(patient))._id}/issue`, { version: 1 })).data;
    // Bypass the lock only for the test's clock: disable the trigger, move the dates back, restore it.
    await q(`alter table prescriptions disable trigger prescriptions_issued_locked`);
    await q(`update prescriptions set valid_until = current_date - 2, issued_at = now() - interval '40 days' where id = $1`, [p._id]);
    await q(`alter table prescriptions enable trigger prescriptions_issued_locked`);
    const verify = async () => body(await ctx.app.inject({ method: 'POST', url: '/api/public/prescriptions/verify', payload: { token: p.verificationToken } })).data;
    expect((await verify()).status).toBe('expired');
    await call(doctor, 'POST', `/api/prescriptions/${p._id}/cancel`, { reason: 'Replaced', version: p.version });
    expect((await verify()).status).toBe('cancelled');
  });

  it('limits unknown codes per address', async () => {
    const guess = (i: number) => ctx.app.inject({ method: 'POST', url: '/api/public/prescriptions/verify', remoteAddress: '203.0.113.9', payload: { token: `guess-${i}` } });
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await guess(i)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('access', () => {
  it('lets a nurse read but not prescribe, and the front desk neither', async () => {
    const patient = await newPatient('Access Test');
    const p = await draft(patient);
    expect((await call(nurse, 'GET', `/api/patients/${patient}/prescriptions`)).statusCode).toBe(200);
    expect((await call(nurse, 'GET', `/api/prescriptions/${p._id}`)).statusCode).toBe(200);
    expect((await call(nurse, 'POST', `/api/patients/${patient}/prescriptions`, { clinic: clinicId, items: [item(drugs.Amoxil!)] })).statusCode).toBe(403);
    expect((await call(nurse, 'POST', `/api/prescriptions/${p._id}/issue`, { version: 1 })).statusCode).toBe(403);
    expect((await call(reception, 'POST', `/api/patients/${patient}/prescriptions/check`, { items: [{ medication: drugs.Amoxil }] })).statusCode).toBe(403);
    expect((await call(reception, 'GET', `/api/patients/${patient}/prescriptions`)).statusCode).toBe(403);
    expect((await call(reception, 'GET', `/api/prescriptions/${p._id}`)).statusCode).toBe(403);
    expect(await count(`audit_log where entity = 'patient' and entity_id = $1 and action = 'read' and changes->>'part' = 'prescriptions'`, [patient])).toBe(2);
  });

  it('treats another organisation\'s patient and prescription as missing', async () => {
    const patient = await newPatient('Tenant Test');
    const p = await draft(patient);
    expect((await call(b.token, 'GET', `/api/prescriptions/${p._id}`)).statusCode).toBe(404);
    expect((await call(b.token, 'POST', `/api/prescriptions/${p._id}/issue`, { version: 1 })).statusCode).toBe(404);
    expect((await call(doctor, 'POST', `/api/patients/${bPatientId}/prescriptions`, { clinic: clinicId, items: [item(drugs.Amoxil!)] })).statusCode).toBe(404);
    // B's drug on A's prescription: refused as unknown.
    expect((await call(b.token, 'POST', `/api/patients/${bPatientId}/prescriptions/check`, { items: [{ medication: drugs.Amoxil }] })).statusCode).toBe(422);
  });
});
