import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, clinics, employeeClinics, patients, services, specializations } from '../../db/schema/index.js';
import { auth, body, createOrg, login, TEST_PASSWORD, twoOrgsTest, type TestOrg } from '../../test/harness.js';
import { versionOf } from '../../test/versions.js';
import { clinicBody, complexBody, departmentBody } from '../../test/organisation-fixtures.js';
import { createAccount } from '../organisation/provision.js';

const { ctx, a, b } = await twoOrgsTest();

const post = (token: string, payload: unknown, lang?: string) => ctx.app.inject({ method: 'POST', url: '/api/clinics', headers: auth(token, lang), payload: payload as object });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });

async function createClinic(org: TestOrg, overrides: Parameters<typeof clinicBody>[1] = {}) {
  const res = await post(org.token, clinicBody(org.adminId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data as { _id: string; publicId: string; name: string };
}

describe('POST /api/clinics', () => {
  it('creates a clinic with its working hours, the company time zone by default and a public id', async () => {
    const res = await post(a.token, clinicBody(a.adminId));
    expect(res.statusCode).toBe(201);
    const json = body(res);
    expect(json.message).toBe('Clinic created successfully');
    expect(json.data).toMatchObject({
      publicId: expect.stringMatching(/^CLN-\d{6}$/),
      name: 'Heart Clinic',
      isActive: true,
      AverageDurationOfVisit: 20,
      timeZone: 'UTC',
      PIC: { _id: a.adminId, name: expect.any(String) },
      WorkingHours: clinicBody(a.adminId).WorkingHours,
      holidays: [{ name: 'National Day', date: '2025-09-23', reason: 'Public holiday' }],
      locationGoogl: { x: 24.7136, y: 46.6753 },
      department: null,
      services: [],
      patientsCount: 0,
    });
  });

  it('keeps a chosen IANA time zone and refuses an unknown one', async () => {
    const ok = await createClinic(a, { name: 'Riyadh Clinic', timeZone: 'Asia/Riyadh' });
    expect(body(await get(a.token, `/api/clinics/${ok._id}`)).data.timeZone).toBe('Asia/Riyadh');
    const res = await post(a.token, clinicBody(a.adminId, { timeZone: 'Mars/Base' }));
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ timeZone: 'Choose a valid time zone' });
  });

  it('refuses missing fields with the spec messages, in English and Arabic', async () => {
    const res = await post(a.token, { WorkingHours: [] });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toMatchObject({
      name: 'Clinic name is required',
      PIC: 'Person in charge is required',
      WorkingHours: 'At least one working hour entry is required',
      overview: 'Overview is required',
    });
    const ar = await post(a.token, { WorkingHours: [] }, 'ar');
    expect(body(ar).message.fields.WorkingHours).toBe('يجب إدخال ساعة عمل واحدة على الأقل');
    expect(body(ar).message.message).toBe('بعض الحقول غير صالحة. يرجى مراجعتها والمحاولة مرة أخرى.');
  });

  it('refuses inverted and overlapping time slots, future establishment dates and unknown fields', async () => {
    const res = await post(a.token, {
      ...clinicBody(a.adminId, {
        yearOfEstablishment: '2999-01-01',
        WorkingHours: [{ day: 'Monday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '12:00', endTime: '15:00' }, { startTime: '18:00', endTime: '17:00' }] }],
      }),
      colour: 'blue',
    });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({
      yearOfEstablishment: 'The establishment date cannot be in the future',
      'WorkingHours.0.timeSlots.1.startTime': 'This time slot overlaps another one on the same day',
      'WorkingHours.0.timeSlots.2.endTime': 'End time must be after start time',
      colour: 'Unknown field',
    });
  });

  it('places a department\'s clinic in the department\'s complex', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/cliniccollections', headers: auth(a.token), payload: complexBody(a.adminId) });
    expect(created.statusCode, created.body).toBe(201);
    const complex = body(created).data;
    const dep = body(await ctx.app.inject({ method: 'POST', url: '/api/departments', headers: auth(a.token), payload: departmentBody(a.adminId, { clinicCollectionId: complex._id }) })).data;
    const clinic = await createClinic(a, { name: 'Echo Clinic', departmentId: dep._id });
    const details = body(await get(a.token, `/api/clinics/${clinic._id}`)).data;
    expect(details.department).toMatchObject({ _id: dep._id, name: 'Cardiology' });
    expect(details.clinicCollection).toMatchObject({ _id: complex._id });
    const missing = await post(a.token, clinicBody(a.adminId, { departmentId: b.adminId }));
    expect(body(missing).message.fields).toEqual({ departmentId: 'This department does not exist' });
  });

  it('only accepts a person in charge from the same company', async () => {
    const res = await post(a.token, clinicBody(b.adminId));
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ PIC: 'This person does not work for your organisation' });
  });
});

describe('plan enforcement', () => {
  it('a Single Clinic plan cannot end up with two clinics', async () => {
    const single = await createOrg(ctx, { plan: 'clinic' });
    await createClinic(single);
    const res = await post(single.token, clinicBody(single.adminId, { name: 'Second clinic' }));
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toEqual({ code: 'PLAN_LIMIT_REACHED', message: 'Your plan allows only one clinic' });
    const ar = await post(single.token, clinicBody(single.adminId, { name: 'Second clinic' }), 'ar');
    expect(body(ar).message.message).toBe('خطتك تسمح بـعيادة واحدة فقط');
    const list = body(await get(single.token, '/api/clinics'));
    expect(list.pagination.total_items).toBe(1);
  });

  it('keeps the one-clinic rule under concurrent requests', async () => {
    const single = await createOrg(ctx, { plan: 'clinic' });
    const results = await Promise.all([1, 2, 3].map((i) => post(single.token, clinicBody(single.adminId, { name: `Clinic ${i}` }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
  });

  it('refuses clinics until a plan is chosen', async () => {
    const fresh = await createOrg(ctx, { plan: null });
    const res = await post(fresh.token, clinicBody(fresh.adminId));
    expect(res.statusCode).toBe(403);
    expect(body(res).message.message).toBe('Choose a plan before creating the organisation structure');
  });
});

describe('GET /api/clinics', () => {
  let listOrg: TestOrg;
  beforeAll(async () => {
    listOrg = await createOrg(ctx, { plan: 'company' });
    for (const [i, name] of ['Dental Care', 'Eye Centre', 'Skin Clinic', 'Child Health', 'Bone & Joint', 'ENT Clinic'].entries()) {
      await createClinic(listOrg, { name, isActive: i !== 2 });
    }
  });

  it('pages, sorts, searches and filters by status', async () => {
    const page = body(await get(listOrg.token, '/api/clinics?page=2&limit=5'));
    expect(page.data).toHaveLength(1);
    expect(page.pagination).toEqual({ current_page: 2, items_per_page: 5, has_next_page: false, has_previous_page: true, total_items: 6, total_pages: 2, total_exact: true });
    expect(body(await get(listOrg.token, '/api/clinics')).data[0].name).toBe('ENT Clinic');
    const byName = body(await get(listOrg.token, '/api/clinics?sortBy=name&order=asc&limit=10')).data.map((c: { name: string }) => c.name);
    expect(byName).toEqual(['Bone & Joint', 'Child Health', 'Dental Care', 'ENT Clinic', 'Eye Centre', 'Skin Clinic']);
    expect(body(await get(listOrg.token, '/api/clinics?search=eye')).data.map((c: { name: string }) => c.name)).toEqual(['Eye Centre']);
    expect(body(await get(listOrg.token, '/api/clinics?isActive=false')).data.map((c: { name: string }) => c.name)).toEqual(['Skin Clinic']);
    expect(body(await get(listOrg.token, '/api/clinics?allData=true&page=0&limit=0')).data).toHaveLength(6);
    expect((await get(listOrg.token, '/api/clinics?sortBy=secret')).statusCode).toBe(422);
  });

  it('lists each clinic with its specialities, loaded for the whole page', async () => {
    const [clinic] = body(await get(listOrg.token, '/api/clinics?search=Dental')).data;
    const [spec] = await ctx.database.db.insert(specializations).values({ companyId: listOrg.companyId, publicId: 'SPC-000001', name: 'Orthodontics' }).returning();
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/clinics/${clinic._id}`, headers: auth(listOrg.token), payload: { ...clinicBody(listOrg.adminId, { name: 'Dental Care', specializations: [spec!.id] }), version: await versionOf(ctx, 'clinics', clinic._id) } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = body(await get(listOrg.token, '/api/clinics?search=Dental')).data;
    expect(row.specializations).toEqual([{ _id: spec!.id, name: 'Orthodontics', publicId: 'SPC-000001' }]);
  });

  it('never shows another company\'s clinics', async () => {
    expect(body(await get(b.token, '/api/clinics?search=Dental')).data).toHaveLength(0);
  });
});

describe('clinic details, counts and deletion', () => {
  let clinicId: string;
  let serviceId: string;

  beforeAll(async () => {
    clinicId = (await createClinic(a, { name: 'Family Clinic' }))._id;
    const db = ctx.database.db;
    const doctor = await createAccount(db, a.companyId, a.roleIds, { name: 'Dr. Rana Khalil', username: 'rana', email: 'rana@north.test', password: TEST_PASSWORD, employeeType: 'Doctor', roleNames: ['Doctor'] });
    const nurse = await createAccount(db, a.companyId, a.roleIds, { name: 'Huda Nasser', username: 'huda', email: 'huda@north.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'] });
    await db.insert(employeeClinics).values([{ companyId: a.companyId, employeeId: doctor.id, clinicId }, { companyId: a.companyId, employeeId: nurse.id, clinicId }]);
    const [service] = await db.insert(services).values({ companyId: a.companyId, publicId: 'SRV-000001', clinicId, name: 'Check-up', price: '150' }).returning();
    serviceId = service!.id;
    const people = await db.insert(patients).values([
      { companyId: a.companyId, publicId: 'PAT-000001', name: 'Ali Hassan', identity: '1000000001', dateOfBirth: '1980-01-01' },
      { companyId: a.companyId, publicId: 'PAT-000002', name: 'Mona Adel', identity: '1000000002', dateOfBirth: '1990-05-05' },
    ]).returning();
    const at = (h: number) => new Date(Date.UTC(2025, 0, 5, h));
    await db.insert(appointments).values([
      { companyId: a.companyId, publicId: 'APT-000001', patientId: people[0]!.id, doctorId: doctor.id, clinicId, serviceId, reason: 'Check-up', startsAt: at(9), endsAt: at(10) },
      { companyId: a.companyId, publicId: 'APT-000002', patientId: people[0]!.id, doctorId: doctor.id, clinicId, serviceId, reason: 'Follow-up', startsAt: at(11), endsAt: at(12) },
      { companyId: a.companyId, publicId: 'APT-000003', patientId: people[1]!.id, doctorId: doctor.id, clinicId, serviceId, reason: 'Check-up', startsAt: at(13), endsAt: at(14) },
    ]);
  });

  it('shows real counts and lists of services, doctors and staff', async () => {
    const res = await get(a.token, `/api/clinics/${clinicId}`);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({
      patientsCount: 2,
      doctorsCount: 1,
      staffCount: 1,
      employeeCounts: { total: 2, doctors: 1 },
      services: [{ _id: serviceId, name: 'Check-up' }],
      doctors: [{ name: 'Dr. Rana Khalil' }],
      employees: [{ name: 'Huda Nasser' }],
    });
    const count = await get(a.token, `/api/clinics/${clinicId}/patient-count`);
    expect(body(count)).toEqual({ success: true, data: { patientCount: 2 } });
  });

  it('refuses to delete a clinic others depend on, naming them, and changes nothing', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/clinics/${clinicId}`, headers: auth(a.token) });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toEqual({
      code: 'IN_USE',
      message: 'This record cannot be deleted because it is still used by 3 appointments, 1 service, 2 staff members',
    });
    const ar = await ctx.app.inject({ method: 'DELETE', url: `/api/clinics/${clinicId}`, headers: auth(a.token, 'ar') });
    expect(body(ar).message.message).toContain('3 مواعيد');
    expect((await get(a.token, `/api/clinics/${clinicId}`)).statusCode).toBe(200);
  });

  it('deletes a clinic nothing depends on', async () => {
    const clinic = await createClinic(a, { name: 'Pop-up Clinic' });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/clinics/${clinic._id}`, headers: auth(a.token) });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Clinic deleted' });
    expect((await get(a.token, `/api/clinics/${clinic._id}`)).statusCode).toBe(404);
  });

  it('updates a clinic with PUT and answers 404 for unknown ids', async () => {
    const res = await ctx.app.inject({
      method: 'PUT', url: `/api/clinics/${clinicId}`, headers: auth(a.token),
      payload: { ...clinicBody(a.adminId, { name: 'Family Clinic', AverageDurationOfVisit: 15, WorkingHours: [{ day: 'Monday', timeSlots: [{ startTime: '08:00', endTime: '12:00' }] }] }), version: await versionOf(ctx, 'clinics', clinicId) },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ AverageDurationOfVisit: 15, WorkingHours: [{ day: 'Monday' }], services: [{ name: 'Check-up' }] });
    const missing = await ctx.app.inject({ method: 'PUT', url: '/api/clinics/00000000-0000-4000-8000-000000000000', headers: auth(a.token), payload: { ...clinicBody(a.adminId), version: 1 } });
    expect(missing.statusCode).toBe(404);
  });

  it('gives another company 404 for every call and changes nothing', async () => {
    for (const url of [`/api/clinics/${clinicId}`, `/api/clinics/${clinicId}/patient-count`]) {
      expect((await get(b.token, url)).statusCode, url).toBe(404);
    }
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/clinics/${clinicId}`, headers: auth(b.token), payload: { ...clinicBody(b.adminId, { name: 'Hijacked' }), version: await versionOf(ctx, 'clinics', clinicId) } });
    expect(put.statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/clinics/${clinicId}`, headers: auth(b.token) });
    expect(del.statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(clinics).where(and(eq(clinics.companyId, a.companyId), eq(clinics.id, clinicId)));
    expect(row?.name).toBe('Family Clinic');
  });

  it('lets readers read and refuses them writes (403)', async () => {
    await createAccount(ctx.database.db, a.companyId, a.roleIds, { name: 'Nurse Reader', username: 'nreader', email: 'nreader@north.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'] });
    const nurse = await login(ctx, 'nreader', TEST_PASSWORD);
    expect((await get(nurse.accessToken, `/api/clinics/${clinicId}`)).statusCode).toBe(200);
    const res = await post(nurse.accessToken, clinicBody(a.adminId));
    expect(res.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/clinics/${clinicId}`, headers: auth(nurse.accessToken) })).statusCode).toBe(403);
    await createAccount(ctx.database.db, a.companyId, a.roleIds, { name: 'Nobody', username: 'nobody1', email: 'nobody1@north.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: [] });
    const nobody = await login(ctx, 'nobody1', TEST_PASSWORD);
    expect((await get(nobody.accessToken, '/api/clinics')).statusCode).toBe(403);
  });
});
