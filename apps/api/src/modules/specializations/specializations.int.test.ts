import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicSpecializations, employeeSpecializations } from '../../db/schema/index.js';
import { createAccount } from '../organisation/provision.js';
import { insertClinic, insertDoctor } from '../appointments/fixtures.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { asLoadedNow } from '../../test/versions.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let nurseId: string;
let doctorId: string;
let bEmployeeId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Al Noor' });
  b = await createOrg(ctx, { name: 'Other' });
  nurseId = (await insertDoctor(ctx.database.db, a.companyId, { name: 'Fatima Zahra', employeeType: 'Nurse' })).id;
  doctorId = (await insertDoctor(ctx.database.db, a.companyId, { name: 'Dr. Omar Haddad' })).id;
  bEmployeeId = (await insertDoctor(ctx.database.db, b.companyId, { name: 'Dr. B' })).id;
});
afterAll(() => ctx.close());

const req = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload === undefined ? {} : { payload: (await asLoadedNow(ctx, method, url, payload)) as Record<string, unknown> }) });

const valid = () => ({
  name: 'Cardiology',
  description: 'Diagnosis and treatment of heart conditions',
  certificationRequirements: 'Board certification in cardiology',
  medicalProcedures: 'ECG, echocardiography, stress tests',
  requiredEquipment: 'ECG machine, echocardiograph',
  requiredStaff: [nurseId, doctorId],
});

describe('POST /api/specializations', () => {
  it('creates a speciality with its required staff read back by name', async () => {
    const res = await req(a.token, 'POST', '/api/specializations', { ...valid(), isActive: true });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({
      message: 'Speciality created',
      data: {
        publicId: 'SPC-000001', name: 'Cardiology', isActive: true,
        requiredStaff: [{ _id: doctorId, name: 'Dr. Omar Haddad' }, { _id: nurseId, name: 'Fatima Zahra' }],
        clinics: [], doctors: [],
      },
    });
  });

  it('states the rules with the spec\'s messages; the description needs 10 characters and says so', async () => {
    const empty = await req(a.token, 'POST', '/api/specializations', {});
    expect(body(empty).message.fields).toEqual({
      name: 'Name is required',
      description: 'Description is required',
      certificationRequirements: 'Certification requirements must be at least 5 characters',
      medicalProcedures: 'Medical procedures must be at least 5 characters',
      requiredEquipment: 'Required equipment must be at least 5 characters',
      requiredStaff: 'At least one staff member must be selected',
    });
    const short = await req(a.token, 'POST', '/api/specializations', {
      ...valid(), name: 'C', description: 'Too short', requiredEquipment: 'ECG', medicalProcedures: 'ECG', certificationRequirements: 'MD', requiredStaff: [],
    });
    expect(body(short).message.fields).toEqual({
      name: 'Name must be at least 2 characters',
      description: 'Description must be at least 10 characters',
      requiredEquipment: 'Required equipment must be at least 5 characters',
      medicalProcedures: 'Medical procedures must be at least 5 characters',
      certificationRequirements: 'Certification requirements must be at least 5 characters',
      requiredStaff: 'At least one staff member must be selected',
    });
    expect((await req(a.token, 'POST', '/api/specializations', { ...valid(), name: 'Neurology', description: '1234567890' })).statusCode).toBe(201);
    const ar = await req(a.token, 'POST', '/api/specializations', { ...valid(), description: 'قصير' }, 'ar');
    expect(body(ar).message.fields).toEqual({ description: 'يجب ألا يقل الوصف عن 10 أحرف' });
  });

  it('accepts only employees of the company as staff', async () => {
    const res = await req(a.token, 'POST', '/api/specializations', { ...valid(), requiredStaff: [bEmployeeId] });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ requiredStaff: 'Only staff members of your organisation can be selected' });
  });
});

describe('GET /api/specializations', () => {
  it('lists with search, status filter and pagination, and shows details with clinics and doctors', async () => {
    const created = body(await req(a.token, 'POST', '/api/specializations', { ...valid(), name: 'Pediatrics', isActive: false })).data;
    const list = body(await req(a.token, 'GET', '/api/specializations?limit=5'));
    expect(list.pagination.total_items).toBe(3);
    expect(list.data[0]).toMatchObject({ name: 'Pediatrics', requiredStaff: expect.any(Array), updatedAt: expect.any(String) });
    expect(body(await req(a.token, 'GET', '/api/specializations?search=neuro')).data.map((s: { name: string }) => s.name)).toEqual(['Neurology']);
    expect(body(await req(a.token, 'GET', '/api/specializations?isActive=false')).data.map((s: { name: string }) => s.name)).toEqual(['Pediatrics']);
    expect(body(await req(a.token, 'GET', '/api/specializations?status=ACTIVE&sortBy=name&order=asc')).data.map((s: { name: string }) => s.name)).toEqual(['Cardiology', 'Neurology']);

    const clinic = await insertClinic(ctx.database.db, a.companyId, { name: 'Children Clinic' });
    await ctx.database.db.insert(clinicSpecializations).values({ companyId: a.companyId, clinicId: clinic.id, specializationId: created._id });
    await ctx.database.db.insert(employeeSpecializations).values({ companyId: a.companyId, employeeId: doctorId, specializationId: created._id });
    const details = body(await req(a.token, 'GET', `/api/specializations/${created._id}`)).data;
    expect(details).toMatchObject({ clinics: [{ _id: clinic.id, name: 'Children Clinic' }], doctors: [{ _id: doctorId, name: 'Dr. Omar Haddad' }] });

    const blocked = await req(a.token, 'DELETE', `/api/specializations/${created._id}`);
    expect(blocked.statusCode).toBe(409);
    expect(body(blocked).message).toEqual({ code: 'IN_USE', message: 'This speciality cannot be deleted because it is assigned to 1 clinic, 1 doctor' });
  });
});

describe('PUT, PATCH and DELETE /api/specializations/{id}', () => {
  it('updates by PUT or PATCH, validating like create', async () => {
    const created = body(await req(a.token, 'POST', '/api/specializations', { ...valid(), name: 'Dermatology' })).data;
    const put = await req(a.token, 'PUT', `/api/specializations/${created._id}`, { description: 'Skin, hair and nail conditions', requiredStaff: [nurseId] });
    expect(put.statusCode).toBe(200);
    expect(body(put)).toMatchObject({ message: 'Speciality updated', data: { description: 'Skin, hair and nail conditions', requiredStaff: [{ _id: nurseId }] } });
    const patched = await req(a.token, 'PATCH', `/api/specializations/${created._id}`, { isActive: false });
    expect(body(patched).data).toMatchObject({ isActive: false, name: 'Dermatology' });
    expect(body(await req(a.token, 'PATCH', `/api/specializations/${created._id}`, { name: 'D' })).message.fields).toEqual({ name: 'Name must be at least 2 characters' });
    const del = await req(a.token, 'DELETE', `/api/specializations/${created._id}`);
    expect(body(del).message).toBe('Speciality deleted');
    expect(body(await req(a.token, 'GET', `/api/specializations/${created._id}`)).message).toEqual({ code: 'NOT_FOUND', message: 'The speciality was not found' });
  });
});

describe('tenancy and permissions', () => {
  it('gives another company 404 and changes nothing', async () => {
    const own = body(await req(a.token, 'POST', '/api/specializations', { ...valid(), name: 'Oncology' })).data;
    expect((await req(b.token, 'GET', `/api/specializations/${own._id}`)).statusCode).toBe(404);
    expect((await req(b.token, 'PATCH', `/api/specializations/${own._id}`, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await req(b.token, 'PUT', `/api/specializations/${own._id}`, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await req(b.token, 'DELETE', `/api/specializations/${own._id}`)).statusCode).toBe(404);
    expect(body(await req(b.token, 'GET', '/api/specializations')).data).toHaveLength(0);
    expect((await req(b.token, 'POST', '/api/specializations', { ...valid(), requiredStaff: [nurseId] })).statusCode).toBe(422);
    expect(body(await req(a.token, 'GET', `/api/specializations/${own._id}`)).data.name).toBe('Oncology');
  });

  it('lets a nurse read specialities but not write them', async () => {
    const nurse = await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name: 'Nurse', username: 'spc_nurse', email: 'spc_nurse@a.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
    });
    const s = await login(ctx, nurse.username!, TEST_PASSWORD);
    expect((await req(s.accessToken, 'GET', '/api/specializations')).statusCode).toBe(200);
    expect((await req(s.accessToken, 'POST', '/api/specializations', valid())).statusCode).toBe(403);
  });
});
