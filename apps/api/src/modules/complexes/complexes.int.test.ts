import { describe, expect, it } from 'vitest';
import { clinicCollectionSpecializations, employeeClinics, employees, specializations } from '../../db/schema/index.js';
import { auth, body, createOrg, login, TEST_PASSWORD, twoOrgsTest, type TestOrg } from '../../test/harness.js';
import { asLoadedNow } from '../../test/versions.js';
import { clinicBody, complexBody, departmentBody } from '../../test/organisation-fixtures.js';
import { createAccount } from '../organisation/provision.js';

const { ctx, a, b } = await twoOrgsTest();

const url = '/api/cliniccollections';
const send = async (method: 'POST' | 'PUT' | 'DELETE' | 'GET', token: string, path = url, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url: path, headers: auth(token, lang), ...(payload ? { payload: (await asLoadedNow(ctx, method, path, payload)) as object } : {}) });

async function createComplex(org: TestOrg, overrides: Parameters<typeof complexBody>[1] = {}) {
  const res = await send('POST', org.token, url, complexBody(org.adminId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data as { _id: string; publicId: string };
}

describe('medical complexes', () => {
  it('creates a complex and reads it back with every field', async () => {
    const res = await send('POST', a.token, url, complexBody(a.adminId));
    expect(res.statusCode).toBe(201);
    const { data, message } = body(res);
    expect(message).toBe('Medical complex created successfully');
    expect(data).toMatchObject({
      publicId: expect.stringMatching(/^MC-\d{6}$/),
      name: 'Al Noor Olaya Complex',
      PIC: { _id: a.adminId },
      isActive: true,
      website: 'https://olaya.alnoor.example',
      workingDays: [{ day: 'Sunday', startTime: '08:00', endTime: '22:00' }],
      holidays: [{ name: 'Eid al-Fitr' }],
      contactInfos: [{ type: 'phone', value: '+966 11 222 3334' }],
      locationGoogl: { x: 24.7136, y: 46.6753 },
      clinicsCount: 0,
      patientsCount: 0,
      doctorsCount: 0,
      departments: [],
      clinics: [],
      companyId: a.companyId,
    });
  });

  it('validates with corrected, translated messages', async () => {
    const res = await send('POST', a.token, url, { website: 'nope', workingDays: [{ day: 'Monday', startTime: '10:00', endTime: '09:00' }] });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toMatchObject({
      name: 'Medical complex name is required',
      phone: 'Phone number is required',
      email: 'Email is required',
      website: 'Invalid website',
      country: 'Country is required',
      policies: 'Policies are required',
      locationGoogl: 'Choose the location on the map or type its coordinates',
      'workingDays.0.endTime': 'End time must be after start time',
    });
    const ar = await send('POST', a.token, url, { ...complexBody(a.adminId), name: '' }, 'ar');
    expect(body(ar).message.fields).toEqual({ name: 'اسم المجمع الطبي مطلوب' });
  });

  it('links specialities of the same company only', async () => {
    const [spec] = await ctx.database.db.insert(specializations).values({ companyId: a.companyId, publicId: 'SPC-000001', name: 'Cardiology' }).returning();
    const [foreign] = await ctx.database.db.insert(specializations).values({ companyId: b.companyId, publicId: 'SPC-000001', name: 'Dermatology' }).returning();
    const created = await createComplex(a, { name: 'Specialist Complex', specializations: [spec!.id] });
    const details = body(await send('GET', a.token, `${url}/${created._id}`)).data;
    expect(details.specializations).toEqual([{ _id: spec!.id, name: 'Cardiology', publicId: 'SPC-000001' }]);
    const res = await send('POST', a.token, url, complexBody(a.adminId, { specializations: [foreign!.id] }));
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ specializations: 'One of the chosen specialities does not exist' });
  });

  it('lists with pagination, search, status filter and sort', async () => {
    const org = await createOrg(ctx, { plan: 'company' });
    for (const [i, name] of ['Olaya Complex', 'Malaz Complex', 'Jeddah Complex', 'Dammam Complex', 'Khobar Complex', 'Abha Complex'].entries()) {
      await createComplex(org, { name, isActive: i !== 1 });
    }
    const page = body(await send('GET', org.token, `${url}?page=1&limit=5`));
    expect(page.data).toHaveLength(5);
    expect(page.pagination.total_items).toBe(6);
    expect(page.data[0]).toMatchObject({ name: 'Abha Complex', PIC: { _id: org.adminId }, clinicsCount: 0, departmentsCount: 0 });
    expect(body(await send('GET', org.token, `${url}?search=jed`)).data.map((c: { name: string }) => c.name)).toEqual(['Jeddah Complex']);
    expect(body(await send('GET', org.token, `${url}?isActive=false`)).data.map((c: { name: string }) => c.name)).toEqual(['Malaz Complex']);
    expect(body(await send('GET', org.token, `${url}?sortBy=name&order=asc&limit=5`)).data[0].name).toBe('Abha Complex');
  });

  it('counts clinics, doctors and staff and lists departments from real data', async () => {
    const complex = await createComplex(a, { name: 'Counting Complex' });
    const dep = body(await send('POST', a.token, '/api/departments', departmentBody(a.adminId, { clinicCollectionId: complex._id }))).data;
    const clinic = body(await send('POST', a.token, '/api/clinics', clinicBody(a.adminId, { departmentId: dep._id }))).data;
    const doctor = await createAccount(ctx.database.db, a.companyId, a.roleIds, { name: 'Dr. Salem Faris', username: 'salem', email: 'salem@north.test', password: TEST_PASSWORD, employeeType: 'Doctor', roleNames: ['Doctor'] });
    await ctx.database.db.insert(employeeClinics).values({ companyId: a.companyId, employeeId: doctor.id, clinicId: clinic._id });
    const details = body(await send('GET', a.token, `${url}/${complex._id}`)).data;
    expect(details).toMatchObject({
      clinicsCount: 1,
      departmentsCount: 1,
      doctorsCount: 1,
      departments: [{ _id: dep._id, name: 'Cardiology' }],
      clinics: [{ _id: clinic._id, name: 'Heart Clinic' }],
      doctors: [{ name: 'Dr. Salem Faris' }],
    });
  });

  it('refuses to delete a complex with departments or clinics (409) and deletes an empty one', async () => {
    const complex = await createComplex(a, { name: 'Busy Complex' });
    await send('POST', a.token, '/api/departments', departmentBody(a.adminId, { clinicCollectionId: complex._id }));
    const refused = await send('DELETE', a.token, `${url}/${complex._id}`);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message.message).toBe('This record cannot be deleted because it is still used by 1 department');
    expect((await send('GET', a.token, `${url}/${complex._id}`)).statusCode).toBe(200);

    const empty = await createComplex(a, { name: 'Empty Complex' });
    const [spec] = await ctx.database.db.insert(specializations).values({ companyId: a.companyId, publicId: 'SPC-000009', name: 'Radiology' }).returning();
    await ctx.database.db.insert(clinicCollectionSpecializations).values({ companyId: a.companyId, clinicCollectionId: empty._id, specializationId: spec!.id });
    const res = await send('DELETE', a.token, `${url}/${empty._id}`);
    expect(body(res)).toEqual({ success: true, message: 'Medical complex deleted' });
    expect((await send('GET', a.token, `${url}/${empty._id}`)).statusCode).toBe(404);
  });

  it('counts staff placed in the complex as a dependent', async () => {
    const complex = await createComplex(a, { name: 'Staffed Complex' });
    const person = await createAccount(ctx.database.db, a.companyId, a.roleIds, { name: 'Reem Saad', username: 'reem', email: 'reem@north.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'] });
    const { eq, and } = await import('drizzle-orm');
    await ctx.database.db.update(employees).set({ clinicCollectionId: complex._id }).where(and(eq(employees.companyId, a.companyId), eq(employees.id, person.id)));
    const res = await send('DELETE', a.token, `${url}/${complex._id}`, undefined, 'ar');
    expect(res.statusCode).toBe(409);
    expect(body(res).message.message).toBe('لا يمكن حذف هذا السجل لأنه ما زال مستخدمًا في موظف واحد');
  });

  it('updates with PUT', async () => {
    const complex = await createComplex(a, { name: 'Old Name Complex' });
    const res = await send('PUT', a.token, `${url}/${complex._id}`, complexBody(a.adminId, { name: 'New Name Complex', isActive: false, zipCode: '' }));
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ name: 'New Name Complex', isActive: false, zipCode: null, publicId: complex.publicId });
  });

  it('enforces the plan: the Complex plan has one complex, lower plans none', async () => {
    const complexPlan = await createOrg(ctx, { plan: 'complex' });
    await createComplex(complexPlan);
    const second = await send('POST', complexPlan.token, url, complexBody(complexPlan.adminId, { name: 'Second' }));
    expect(second.statusCode).toBe(403);
    expect(body(second).message).toEqual({ code: 'PLAN_LIMIT_REACHED', message: 'Your plan allows only one medical complex' });
    const clinicPlan = await createOrg(ctx, { plan: 'clinic' });
    const refused = await send('POST', clinicPlan.token, url, complexBody(clinicPlan.adminId));
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toEqual({ code: 'PLAN_FORBIDS_LEVEL', message: 'Your plan does not include medical complexes' });
    const ar = await send('POST', clinicPlan.token, url, complexBody(clinicPlan.adminId), 'ar');
    expect(body(ar).message.message).toBe('خطتك لا تشمل المجمعات الطبية');
  });

  it('answers 404 to another company and changes nothing', async () => {
    const complex = await createComplex(a, { name: 'Private Complex' });
    expect((await send('GET', b.token, `${url}/${complex._id}`)).statusCode).toBe(404);
    expect((await send('PUT', b.token, `${url}/${complex._id}`, complexBody(b.adminId, { name: 'Taken over' }))).statusCode).toBe(404);
    expect((await send('DELETE', b.token, `${url}/${complex._id}`)).statusCode).toBe(404);
    expect(body(await send('GET', a.token, `${url}/${complex._id}`)).data.name).toBe('Private Complex');
    expect(body(await send('GET', b.token, `${url}?search=Private`)).data).toHaveLength(0);
  });

  it('refuses writes without complex_write (403)', async () => {
    await createAccount(ctx.database.db, a.companyId, a.roleIds, { name: 'Accountant', username: 'acc1', email: 'acc1@north.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['Accountant'] });
    const session = await login(ctx, 'acc1', TEST_PASSWORD);
    expect((await send('GET', session.accessToken, url)).statusCode).toBe(200);
    expect((await send('POST', session.accessToken, url, complexBody(a.adminId))).statusCode).toBe(403);
  });
});
