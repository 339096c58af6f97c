import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '@clinic/shared';
import { auditLog, services } from '../../db/schema/index.js';
import { createAccount } from '../organisation/provision.js';
import { insertClinic, insertDoctor, insertPatient, nextWeekday } from '../appointments/fixtures.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { asLoadedNow } from '../../test/versions.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let clinicId: string;
let otherClinicId: string;
let d1: string;
let d2: string;
let nurseId: string;
let bClinicId: string;
let bDoctorId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Al Noor' });
  b = await createOrg(ctx, { name: 'Other' });
  const db = ctx.database.db;
  clinicId = (await insertClinic(db, a.companyId, { name: 'Olaya Clinic' })).id;
  otherClinicId = (await insertClinic(db, a.companyId, { name: 'Malqa Clinic' })).id;
  d1 = (await insertDoctor(db, a.companyId, { name: 'Dr. Omar Haddad', clinics: [clinicId] })).id;
  d2 = (await insertDoctor(db, a.companyId, { name: 'Dr. Emily Carter', clinics: [clinicId] })).id;
  nurseId = (await insertDoctor(db, a.companyId, { name: 'Fatima Zahra', employeeType: 'Nurse' })).id;
  bClinicId = (await insertClinic(db, b.companyId, { name: 'B Clinic' })).id;
  bDoctorId = (await insertDoctor(db, b.companyId, { name: 'Dr. B', clinics: [bClinicId] })).id;
});
afterAll(() => ctx.close());

const req = async (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload === undefined ? {} : { payload: (await asLoadedNow(ctx, method, url, payload)) as Record<string, unknown> }) });

const valid = () => ({ name: 'General consultation', description: 'A first visit with a general practitioner', price: 150, clinic: clinicId, doctors: [d1, d2] });

describe('POST /api/services', () => {
  it('creates a service and reads back its clinic and doctors by name, with real dates', async () => {
    const sent = Date.now();
    const res = await req(a.token, 'POST', '/api/services', { ...valid(), isActive: true });
    const answered = Date.now();
    expect(res.statusCode).toBe(201);
    const json = body(res);
    expect(json.message).toBe('Service created');
    expect(json.data).toMatchObject({
      publicId: 'SRV-000001', name: 'General consultation', price: 150, durationMinutes: null, isActive: true,
      clinic: { _id: clinicId, name: 'Olaya Clinic' },
      doctors: [{ _id: d2, name: 'Dr. Emily Carter' }, { _id: d1, name: 'Dr. Omar Haddad' }],
    });
    // Stamped while the request ran (a second's slack for the stored precision), however long it took.
    expect(Date.parse(json.data.createdAt)).toBeGreaterThanOrEqual(sent - 1000);
    expect(Date.parse(json.data.createdAt)).toBeLessThanOrEqual(answered + 1000);
    const got = body(await req(a.token, 'GET', `/api/services/${json.data._id}`));
    expect(got.data).toEqual(json.data);
  });

  it('states the spec\'s messages for each rule (English and Arabic)', async () => {
    const empty = await req(a.token, 'POST', '/api/services', {});
    expect(empty.statusCode).toBe(422);
    expect(body(empty).message.fields).toEqual({
      name: 'Name is required', description: 'Description is required', price: 'Price is required', clinic: 'Clinic is required',
      doctors: 'At least one doctor must be selected',
    });
    expect(body(await req(a.token, 'POST', '/api/services', { ...valid(), price: 'abc' })).message.fields).toEqual({ price: 'Price must be a number' });
    expect(body(await req(a.token, 'POST', '/api/services', { ...valid(), price: -5 })).message.fields).toEqual({ price: 'Price must be positive' });
    expect(body(await req(a.token, 'POST', '/api/services', { ...valid(), price: 0 })).message.fields).toEqual({ price: 'Price must be positive' });
    expect(body(await req(a.token, 'POST', '/api/services', { ...valid(), doctors: [] })).message.fields).toEqual({ doctors: 'At least one doctor must be selected' });
    expect(body(await req(a.token, 'POST', '/api/services', { ...valid(), durationMinutes: 2 })).message.fields).toEqual({
      durationMinutes: 'Duration must be a whole number of minutes from 5 to 480',
    });
    const ar = await req(a.token, 'POST', '/api/services', { ...valid(), doctors: [] }, 'ar');
    expect(body(ar).message.fields).toEqual({ doctors: 'يجب اختيار طبيب واحد على الأقل' });
    expect(body(await req(a.token, 'POST', '/api/services', { ...valid(), companyId: b.companyId })).message.fields).toEqual({ companyId: 'Unknown field' });
  });

  it('accepts the price as text (forms) and a service-specific duration', async () => {
    const res = await req(a.token, 'POST', '/api/services', { ...valid(), name: 'Cardiology check-up', price: '320.50', durationMinutes: 60, doctors: [d1] });
    expect(res.statusCode).toBe(201);
    expect(body(res).data).toMatchObject({ price: 320.5, durationMinutes: 60 });
  });

  it('accepts only doctors of the company, and a clinic of the company', async () => {
    const nurse = await req(a.token, 'POST', '/api/services', { ...valid(), doctors: [d1, nurseId] });
    expect(nurse.statusCode).toBe(422);
    expect(body(nurse).message.fields).toEqual({ doctors: 'Only active doctors of your organisation can be selected' });
    const foreign = await req(a.token, 'POST', '/api/services', { ...valid(), doctors: [bDoctorId] });
    expect(foreign.statusCode).toBe(422);
    const foreignClinic = await req(a.token, 'POST', '/api/services', { ...valid(), clinic: bClinicId });
    expect(foreignClinic.statusCode).toBe(404);
    expect(body(foreignClinic).message).toEqual({ code: 'CLINIC_NOT_FOUND', message: 'The selected clinic was not found' });
  });
});

describe('GET /api/services', () => {
  beforeAll(async () => {
    for (const [name, price, isActive] of [['Dermatology', 200, true], ['Pediatrics', 120, false], ['Physiotherapy', 90, true], ['Dental cleaning', 250, false]] as const) {
      await req(a.token, 'POST', '/api/services', { ...valid(), name, price, isActive, clinic: otherClinicId, doctors: [d2] });
    }
  });

  it('pages, searches, filters by status and clinic, and sorts by the table\'s columns', async () => {
    const page = body(await req(a.token, 'GET', '/api/services?limit=5&page=2'));
    expect(page.data).toHaveLength(1);
    expect(page.pagination).toEqual({ current_page: 2, items_per_page: 5, has_next_page: false, has_previous_page: true, total_items: 6, total_pages: 2, total_exact: true });
    expect(body(await req(a.token, 'GET', '/api/services?search=derma')).data.map((s: { name: string }) => s.name)).toEqual(['Dermatology']);
    expect(body(await req(a.token, 'GET', '/api/services?search=SRV-000002')).data.map((s: { name: string }) => s.name)).toEqual(['Cardiology check-up']);
    expect(body(await req(a.token, 'GET', '/api/services?status=INACTIVE&sortBy=name&order=asc')).data.map((s: { name: string }) => s.name)).toEqual(['Dental cleaning', 'Pediatrics']);
    expect(body(await req(a.token, 'GET', '/api/services?isActive=true')).pagination.total_items).toBe(4);
    expect(body(await req(a.token, 'GET', `/api/services?clinic=${clinicId}`)).data).toHaveLength(2);
    expect(body(await req(a.token, 'GET', `/api/services?doctor=${d1}`)).data).toHaveLength(2);
    const byPrice = body(await req(a.token, 'GET', '/api/services?sortBy=price&order=desc')).data.map((s: { price: number }) => s.price);
    expect(byPrice).toEqual([320.5, 250, 200, 150, 120, 90]);
    expect(body(await req(a.token, 'GET', '/api/services?allData=true')).data).toHaveLength(6);
    for (const q of ['?sortBy=secret', '?status=MAYBE', '?clinic=nope', '?limit=7']) {
      expect((await req(a.token, 'GET', `/api/services${q}`)).statusCode, q).toBe(422);
    }
  });
});

describe('PATCH and DELETE /api/services/{id}', () => {
  it('updates the given fields, records what changed, and keeps the rest', async () => {
    const created = body(await req(a.token, 'POST', '/api/services', { ...valid(), name: 'X-ray', price: 80 })).data;
    const res = await req(a.token, 'PATCH', `/api/services/${created._id}`, { price: 95, doctors: [d1], isActive: false });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: 'Service updated', data: { name: 'X-ray', price: 95, isActive: false, doctors: [{ _id: d1 }] } });
    expect(Date.parse(body(res).data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    const [entry] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'service'), eq(auditLog.entityId, created._id), eq(auditLog.action, 'update')));
    expect(entry?.changes).toEqual({ before: { price: 80, isActive: true, doctors: [d1, d2].sort() }, after: { price: 95, isActive: false, doctors: [d1] } });
    expect(body(await req(a.token, 'PATCH', `/api/services/${created._id}`, { price: -1 })).message.fields).toEqual({ price: 'Price must be positive' });
    await req(a.token, 'DELETE', `/api/services/${created._id}`);
  });

  it('refuses to delete a service that appointments use (409), and deletes an unused one', async () => {
    const used = body(await req(a.token, 'POST', '/api/services', { ...valid(), name: 'Booked service' })).data;
    const patient = await insertPatient(ctx.database.db, a.companyId);
    const booked = await req(a.token, 'POST', '/api/appointments', {
      patient: patient.id, doctor: d1, clinic: clinicId, service: used._id, reason: 'Check',
      datetime: zonedInstant(nextWeekday('Monday'), '10:00', 'Asia/Riyadh').toISOString(),
    });
    expect(booked.statusCode).toBe(201);
    const res = await req(a.token, 'DELETE', `/api/services/${used._id}`);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toEqual({ code: 'IN_USE', message: 'This service cannot be deleted because 1 appointment uses it. Deactivate it instead.' });
    const unused = body(await req(a.token, 'POST', '/api/services', { ...valid(), name: 'Unused service' })).data;
    const del = await req(a.token, 'DELETE', `/api/services/${unused._id}`);
    expect(del.statusCode).toBe(200);
    expect(body(del).message).toBe('Service deleted');
    expect((await req(a.token, 'GET', `/api/services/${unused._id}`)).statusCode).toBe(404);
    expect(body(await req(a.token, 'DELETE', `/api/services/${unused._id}`)).message).toEqual({ code: 'NOT_FOUND', message: 'The service was not found' });
  });
});

describe('POST /api/services/bulk', () => {
  it('activates and deactivates a selection, and deletes it all or nothing', async () => {
    const ids: string[] = [];
    for (const name of ['Bulk A', 'Bulk B', 'Bulk C']) ids.push(body(await req(a.token, 'POST', '/api/services', { ...valid(), name })).data._id);
    const off = await req(a.token, 'POST', '/api/services/bulk', { ids, action: 'deactivate' });
    expect(body(off)).toMatchObject({ message: '3 services deactivated', data: { action: 'deactivate', count: 3 } });
    const rows = await ctx.database.db.select({ isActive: services.isActive }).from(services).where(eq(services.companyId, a.companyId));
    expect(rows.filter((r) => !r.isActive).length).toBeGreaterThanOrEqual(3);
    expect(body(await req(a.token, 'POST', '/api/services/bulk', { ids: ids.slice(0, 1), action: 'activate' })).message).toBe('1 service activated');

    const booked = body(await req(a.token, 'GET', '/api/services?search=Booked%20service')).data[0]._id;
    const blocked = await req(a.token, 'POST', '/api/services/bulk', { ids: [...ids, booked], action: 'delete' });
    expect(blocked.statusCode).toBe(409);
    expect(body(blocked).message.message).toBe('These services cannot be deleted because appointments use them: Booked service. Deactivate them instead.');
    expect(body(await req(a.token, 'GET', '/api/services?search=Bulk')).data).toHaveLength(3);
    const del = await req(a.token, 'POST', '/api/services/bulk', { ids, action: 'delete' });
    expect(body(del).message).toBe('3 services deleted');
    expect(body(await req(a.token, 'GET', '/api/services?search=Bulk')).data).toHaveLength(0);
  });

  it('validates the selection and the action', async () => {
    const res = await req(a.token, 'POST', '/api/services/bulk', { ids: [], action: 'archive' });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ ids: 'Select at least one item', action: 'The action must be activate, deactivate or delete' });
  });
});

describe('tenancy and permissions', () => {
  it('gives another company 404 for this company\'s services and changes nothing', async () => {
    const own = body(await req(a.token, 'POST', '/api/services', { ...valid(), name: 'Private service' })).data;
    expect((await req(b.token, 'GET', `/api/services/${own._id}`)).statusCode).toBe(404);
    expect((await req(b.token, 'PATCH', `/api/services/${own._id}`, { price: 1 })).statusCode).toBe(404);
    expect((await req(b.token, 'DELETE', `/api/services/${own._id}`)).statusCode).toBe(404);
    expect((await req(b.token, 'POST', '/api/services/bulk', { ids: [own._id], action: 'deactivate' })).statusCode).toBe(404);
    expect(body(await req(b.token, 'GET', '/api/services')).data).toHaveLength(0);
    // B cannot use A's doctors either.
    expect((await req(b.token, 'POST', '/api/services', { ...valid(), clinic: bClinicId, doctors: [d1] })).statusCode).toBe(422);
    expect(body(await req(a.token, 'GET', `/api/services/${own._id}`)).data).toMatchObject({ price: 150, isActive: true });
  });

  it('lets a nurse read services but not change them', async () => {
    const nurse = await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name: 'Nurse', username: 'svc_nurse', email: 'svc_nurse@a.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
    });
    const s = await login(ctx, nurse.username!, TEST_PASSWORD);
    expect((await req(s.accessToken, 'GET', '/api/services')).statusCode).toBe(200);
    const res = await req(s.accessToken, 'POST', '/api/services', valid());
    expect(res.statusCode).toBe(403);
    expect((await req(s.accessToken, 'POST', '/api/services/bulk', { ids: [d1], action: 'delete' })).statusCode).toBe(403);
  });
});
