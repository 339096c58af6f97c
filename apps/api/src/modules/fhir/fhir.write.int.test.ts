import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { zonedInstant } from '@clinic/shared';
import { auditLog, patients, rolePermissions, roles } from '../../db/schema/index.js';
import { auth, createOrg, createTestContext, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';
import { fhirAppointment, fhirPatient, fhirValid, loadR4Definitions } from './fixtures.js';

/** Patient and Appointment written through FHIR R4: the API's rules, messages, permissions and audit. */

const BASE = '/api/fhir/R4';
const FHIR = 'application/fhir+json';
let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let readerToken: string;
const ids: Record<string, string> = {};

function send(method: 'POST' | 'PUT', path: string, payload: unknown, headers: Record<string, string> = {}, token = a.token) {
  return ctx.app.inject({ method, url: `${BASE}${path}`, headers: { ...auth(token), 'content-type': FHIR, ...headers }, payload: JSON.stringify(payload) });
}
const get = (path: string, token = a.token) => ctx.app.inject({ method: 'GET', url: path, headers: auth(token) });

const patient = fhirPatient;

/** The OperationOutcome's first issue: its diagnostics, our code, and the elements the other issues name. */
function outcome(res: { statusCode: number; headers: Record<string, unknown>; json: () => any }) {
  const o = res.json();
  expect(o.resourceType).toBe('OperationOutcome');
  expect(String(res.headers['content-type'])).toContain(FHIR);
  return {
    message: o.issue[0].diagnostics as string,
    code: o.issue[0].details?.coding?.[0]?.code as string,
    expressions: o.issue.slice(1).flatMap((i: any) => i.expression ?? []) as string[],
    fieldMessages: o.issue.slice(1).map((i: any) => i.diagnostics as string),
  };
}

const patientCount = async () => (await ctx.database.db.select({ id: patients.id }).from(patients).where(eq(patients.companyId, a.companyId))).length;

beforeAll(async () => {
  loadR4Definitions();
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Clinic A' });
  b = await createOrg(ctx, { name: 'Clinic B' });
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, { name: 'Olaya', timeZone: 'Asia/Riyadh' });
  const doctor = await insertDoctor(db, a.companyId, { name: 'Dr. Sara', clinics: [clinic.id] });
  const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [doctor.id], durationMinutes: 30, price: 200 });
  const p1 = await insertPatient(db, a.companyId, { name: 'Omar Saleh' });
  const p2 = await insertPatient(db, a.companyId, { name: 'Huda Nasser' });
  const foreign = await insertPatient(db, b.companyId, { name: 'Other Company' });
  Object.assign(ids, { clinic: clinic.id, doctor: doctor.id, service: service.id, p1: p1.id, p2: p2.id, foreign: foreign.id, day: nextWeekday('Tuesday', 'Asia/Riyadh', 3) });
  // FHIR access and reading patients, but no patient_write or appointment_write.
  const [role] = await db.insert(roles).values({ companyId: a.companyId, name: 'FHIR reader' }).returning();
  await db.insert(rolePermissions).values(['fhir_read', 'patient_read', 'appointment_read'].map((permission) => ({ companyId: a.companyId, roleId: role!.id, permission })));
  readerToken = await signInStaff(ctx, { ...a, roleIds: new Map([['FHIR reader', role!.id]]) }, {
    name: 'Feed', username: 'feed.write', email: 'feed.write@example.test', employeeType: 'Administrative', roleNames: ['FHIR reader'],
  });
}, 120_000);
afterAll(() => ctx?.close());

describe('FHIR Patient create and update', () => {
  it('creates a patient with an Arabic name that reads back through FHIR and the REST API, audited', async () => {
    const res = await send('POST', '/Patient', patient('1012345678'));
    expect(res.statusCode, res.body).toBe(201);
    expect(String(res.headers['content-type'])).toContain(FHIR);
    const created = res.json();
    fhirValid(created);
    ids.created = created.id;
    expect(res.headers.location).toMatch(new RegExp(`/api/fhir/R4/Patient/${created.id}/_history/1$`));
    expect(res.headers.etag).toBe('W/"1"');
    expect(created.name[0].text).toBe('فاطمة الزهراء Fatima Alzahra');

    const viaFhir = (await get(`${BASE}/Patient/${created.id}`)).json();
    expect(viaFhir.identifier).toContainEqual({ use: 'official', system: 'urn:clinic:identity', value: '1012345678' });
    expect(viaFhir.birthDate).toBe('1990-04-12');
    const viaRest = (await get(`/api/patients/${created.id}`)).json().data;
    expect(viaRest).toMatchObject({
      name: 'فاطمة الزهراء Fatima Alzahra', identity: '1012345678', phone: '+966501234567', email: 'fatima@example.test',
      gender: 'female', marital_status: 'Married', nationality: 'Saudi', blood_type: 'O+', address: '12 Olaya Street, Riyadh, SA',
    });
    const audit = await ctx.database.db.select().from(auditLog)
      .where(and(eq(auditLog.entity, 'patient'), eq(auditLog.entityId, created.id), eq(auditLog.action, 'create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(a.adminId);
  });

  it('conditional create on the identifier makes one patient however often it is sent', async () => {
    const before = await patientCount();
    const condition = { 'if-none-exist': 'identifier=urn:clinic:identity|2098765432' };
    const first = await send('POST', '/Patient', patient('2098765432', { telecom: [{ system: 'phone', value: '0551112222' }] }), condition);
    expect(first.statusCode, first.body).toBe(201);
    const second = await send('POST', '/Patient', patient('2098765432', { telecom: [{ system: 'phone', value: '0551112222' }] }), condition);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(await patientCount()).toBe(before + 1);
    // FHIR's media type with its charset, as clients send it.
    const third = await ctx.app.inject({
      method: 'POST', url: `${BASE}/Patient`, payload: JSON.stringify(patient('2098765432')),
      headers: { ...auth(a.token), 'content-type': 'application/fhir+json; charset=utf-8', ...condition },
    });
    expect(third.statusCode, third.body).toBe(200);
    const bad = await send('POST', '/Patient', patient('2098765433'), { 'if-none-exist': 'name=Fatima' });
    expect(bad.statusCode).toBe(400);
    expect(outcome(bad).code).toBe('FHIR_BAD_CONDITION');
  });

  it('a Patient with only name, phone, birth date and sex is a quick registration, refused the second time', async () => {
    const walkIn = { resourceType: 'Patient', name: [{ given: ['Khalid'], family: 'Omar' }], telecom: [{ system: 'phone', value: '0559998888' }], gender: 'male', birthDate: '1985-01-20' };
    const res = await send('POST', '/Patient', walkIn);
    expect(res.statusCode, res.body).toBe(201);
    expect((await get(`/api/patients/${res.json().id}`)).json().data).toMatchObject({ name: 'Khalid Omar', incomplete: true, phone: '+966559998888' });
    const again = await send('POST', '/Patient', walkIn);
    expect(again.statusCode).toBe(409);
    expect(outcome(again)).toMatchObject({ code: 'DUPLICATE_PATIENT', expressions: ['Patient.telecom'] });
  });

  it('a second patient with the same identity number is refused with the API\'s message', async () => {
    const res = await send('POST', '/Patient', patient('1012345678'));
    expect(res.statusCode).toBe(409);
    const o = outcome(res);
    expect(o.code).toBe('DUPLICATE_IDENTITY');
    expect(o.expressions).toContain('Patient.identifier');
  });

  it('updates at the version If-Match names, and refuses a stale one with 412, changing nothing', async () => {
    const res = await send('PUT', `/Patient/${ids.created}`, { ...patient('1012345678'), id: ids.created, name: [{ text: 'فاطمة Fatima Saleh' }] }, { 'if-match': 'W/"1"' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('W/"2"');
    expect(res.json().name[0].text).toBe('فاطمة Fatima Saleh');
    const stale = await send('PUT', `/Patient/${ids.created}`, { ...patient('1012345678'), id: ids.created, name: [{ text: 'Lost Update' }] }, { 'if-match': 'W/"1"' });
    expect(stale.statusCode).toBe(412);
    expect(outcome(stale).code).toBe('FHIR_VERSION_MISMATCH');
    expect((await get(`/api/patients/${ids.created}`)).json().data).toMatchObject({ name: 'فاطمة Fatima Saleh', version: 2, blood_type: 'O+' });
  });

  it('an invalid birth date is a 422 naming Patient.birthDate, in Arabic when asked', async () => {
    const before = await patientCount();
    const res = await ctx.app.inject({
      method: 'POST', url: `${BASE}/Patient`, headers: { ...auth(a.token, 'ar'), 'content-type': FHIR }, payload: JSON.stringify(patient('3011111111', { birthDate: '1990-02-31' })),
    });
    expect(res.statusCode).toBe(422);
    const o = outcome(res);
    expect(o.code).toBe('VALIDATION_FAILED');
    expect(o.expressions).toEqual(['Patient.birthDate']);
    expect(o.fieldMessages[0]).toMatch(/[\u0600-\u06FF]/);
    expect(await patientCount()).toBe(before);
  });

  it('bad JSON, a body that is not a Patient, and another company\'s patient are OperationOutcomes, never a 500', async () => {
    const broken = await ctx.app.inject({ method: 'POST', url: `${BASE}/Patient`, headers: { ...auth(a.token), 'content-type': FHIR }, payload: '{"resourceType": "Patient",' });
    expect(broken.statusCode).toBe(400);
    expect(outcome(broken).code).toBe('MALFORMED_JSON');
    for (const body of [[1, 2], { resourceType: 'Observation' }, 'text']) {
      const res = await send('POST', '/Patient', body);
      expect(res.statusCode).toBe(400);
      expect(outcome(res).code).toBe('FHIR_NOT_A_RESOURCE');
    }
    const wrongId = await send('PUT', `/Patient/${ids.created}`, { ...patient('1012345678'), id: ids.p1 });
    expect(wrongId.statusCode).toBe(400);
    expect(outcome(wrongId).code).toBe('FHIR_ID_MISMATCH');
    const foreign = await send('PUT', `/Patient/${ids.foreign}`, { ...patient('5000000000'), id: ids.foreign });
    expect(foreign.statusCode).toBe(404);
    expect(outcome(foreign).code).toBe('NOT_FOUND');
    const other = await ctx.database.db.select().from(patients).where(eq(patients.id, ids.foreign!));
    expect(other[0]!.name).toBe('Other Company');
  });

  it('a token with fhir_read but not patient_write is refused with 403 and nothing is made', async () => {
    const before = await patientCount();
    const res = await send('POST', '/Patient', patient('4011111111'), {}, readerToken);
    expect(res.statusCode).toBe(403);
    expect(outcome(res).code).toBe('FORBIDDEN');
    const put = await send('PUT', `/Patient/${ids.created}`, { ...patient('1012345678'), id: ids.created }, {}, readerToken);
    expect(put.statusCode).toBe(403);
    expect(await patientCount()).toBe(before);
  });

  it('the CapabilityStatement lists create, update and conditional create', async () => {
    const statement = (await get(`${BASE}/metadata`)).json();
    const of = (type: string) => statement.rest[0].resource.find((r: any) => r.type === type);
    for (const type of ['Patient', 'Appointment']) {
      expect(of(type).interaction.map((i: any) => i.code)).toEqual(expect.arrayContaining(['create', 'update', 'read']));
    }
    expect(of('Patient').conditionalCreate).toBe(true);
    expect(of('Practitioner').interaction.map((i: any) => i.code)).not.toContain('create');
  });
});

describe('FHIR Appointment create and update', () => {
  const at = (time: string) => zonedInstant(ids.day!, time, 'Asia/Riyadh').toISOString();
  const appointment = (patientId: string, start: string, extra: Record<string, unknown> = {}) =>
    fhirAppointment({ patient: patientId, doctor: ids.doctor!, clinic: ids.clinic!, service: ids.service! }, start, extra);
  /** The same booking through the REST API, for its message. */
  const rest = (patientId: string, datetime: string) => ctx.app.inject({
    method: 'POST', url: '/api/appointments', headers: auth(a.token),
    payload: { patient: patientId, doctor: ids.doctor, clinic: ids.clinic, service: ids.service, datetime, reason: 'Check-up' },
  });

  it('books through the booking service: read back, audited, with Location and ETag', async () => {
    const res = await send('POST', '/Appointment', appointment(ids.p1!, at('10:00')));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    fhirValid(made);
    ids.appointment = made.id;
    expect(made.status).toBe('booked');
    expect(made.end).toBe(at('10:30'));
    expect(res.headers.etag).toBe('W/"1"');
    expect(res.headers.location).toContain(`/Appointment/${made.id}/_history/1`);
    expect((await get(`/api/appointments/${made.id}`)).json().data).toMatchObject({ status: 'scheduled', patient: { _id: ids.p1 } });
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, made.id)));
    expect(audit.map((r) => r.action)).toEqual(['create']);
  });

  it('a double booking is refused with the desk\'s code and message', async () => {
    const res = await send('POST', '/Appointment', appointment(ids.p2!, at('10:15')));
    const desk = await rest(ids.p2!, at('10:15'));
    expect(res.statusCode).toBe(desk.statusCode);
    expect(res.statusCode).toBe(409);
    const o = outcome(res);
    expect(o.code).toBe('DOCTOR_DOUBLE_BOOKED');
    expect(o.message).toBe(desk.json().message.message);
  });

  it('a time outside the clinic\'s hours is refused with the desk\'s message', async () => {
    const res = await send('POST', '/Appointment', appointment(ids.p2!, at('20:00')));
    const desk = await rest(ids.p2!, at('20:00'));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBe(desk.statusCode);
    const o = outcome(res);
    expect(o.code).toBe(desk.json().message.code);
    expect(o.message).toBe(desk.json().message.message);
  });

  it('refuses a status other than booked, and a token without appointment_write', async () => {
    const pending = await send('POST', '/Appointment', appointment(ids.p2!, at('11:00'), { status: 'pending' }));
    expect(pending.statusCode).toBe(422);
    expect(outcome(pending).expressions).toEqual(['Appointment.status']);
    const denied = await send('POST', '/Appointment', appointment(ids.p2!, at('11:00')), {}, readerToken);
    expect(denied.statusCode).toBe(403);
  });

  it('cancels through PUT with the reason, at the version If-Match names', async () => {
    const stale = await send('PUT', `/Appointment/${ids.appointment}`, { ...appointment(ids.p1!, at('10:00')), id: ids.appointment, status: 'cancelled' }, { 'if-match': 'W/"7"' });
    expect(stale.statusCode).toBe(412);
    const res = await send('PUT', `/Appointment/${ids.appointment}`, {
      ...appointment(ids.p1!, at('10:00')), id: ids.appointment, status: 'cancelled', cancelationReason: { text: 'Travelling' },
    }, { 'if-match': 'W/"1"' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelationReason: { text: 'Travelling' } });
    expect(res.headers.etag).toBe('W/"2"');
    expect((await get(`/api/appointments/${ids.appointment}`)).json().data).toMatchObject({ status: 'cancelled', cancellationReason: 'Travelling' });
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, ids.appointment!)));
    expect(audit.map((r) => r.action)).toContain('cancelled');
    // The freed time is bookable again.
    expect((await send('POST', '/Appointment', appointment(ids.p2!, at('10:00')))).statusCode).toBe(201);
  });

  it('another company\'s patient cannot be booked, and another company\'s appointment is a 404', async () => {
    const res = await send('POST', '/Appointment', appointment(ids.foreign!, at('12:00')));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const other = await send('PUT', `/Appointment/${ids.appointment}`, { ...appointment(ids.p1!, at('10:00')), id: ids.appointment, status: 'cancelled' }, {}, b.token);
    expect(other.statusCode).toBe(404);
  });
});
