import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { asLoadedNow } from '../../test/versions.js';
import { clinicBody, complexBody, departmentBody } from '../../test/organisation-fixtures.js';
import { createAccount } from '../organisation/provision.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let complexId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { plan: 'company', name: 'North Group' });
  b = await createOrg(ctx, { plan: 'company', name: 'South Group' });
  complexId = body(await ctx.app.inject({ method: 'POST', url: '/api/cliniccollections', headers: auth(a.token), payload: complexBody(a.adminId) })).data._id;
});
afterAll(() => ctx.close());

const url = '/api/departments';
const send = async (method: 'POST' | 'PUT' | 'DELETE' | 'GET', token: string, path = url, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url: path, headers: auth(token, lang), ...(payload ? { payload: (await asLoadedNow(ctx, method, path, payload)) as object } : {}) });

async function createDepartment(org: TestOrg, overrides: Parameters<typeof departmentBody>[1] = {}) {
  const res = await send('POST', org.token, url, departmentBody(org.adminId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data as { _id: string; publicId: string };
}

describe('departments', () => {
  it('creates a department inside a complex and one on its own', async () => {
    const res = await send('POST', a.token, url, departmentBody(a.adminId, { clinicCollectionId: complexId }));
    expect(res.statusCode).toBe(201);
    expect(body(res).data).toMatchObject({
      publicId: expect.stringMatching(/^DEP-\d{6}$/),
      name: 'Cardiology',
      clinicCollection: { _id: complexId, name: 'Al Noor Olaya Complex' },
      PIC: { _id: a.adminId },
      patientCapacity: 40,
      introduction: 'Diagnosis and treatment of heart conditions',
      contactInfos: [{ type: 'phone', subType: 'Nurse station' }],
      clinicCount: 0,
      patientCount: 0,
      clinics: [],
      staff: [],
    });
    const alone = await send('POST', a.token, url, departmentBody(a.adminId, { name: 'Dermatology', clinicCollectionId: '' }));
    expect(body(alone).data.clinicCollection).toBeNull();
  });

  it('validates with the spec messages and refuses another company\'s complex', async () => {
    const res = await send('POST', a.token, url, { contactInfos: [{ type: 'phone', value: '0501234567' }] });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toMatchObject({
      name: 'Name is required',
      introduction: 'Introduction is required',
      yearOfEstablishment: 'Year of establishment is required',
      address: 'Address is required',
      vision: 'Vision is required',
      details: 'Details are required',
      PIC: 'Person in charge is required',
      'contactInfos.0.subType': 'Sub type is required',
    });
    const ar = await send('POST', a.token, url, departmentBody(a.adminId, { name: '' }), 'ar');
    expect(body(ar).message.fields).toEqual({ name: 'الاسم مطلوب' });
    const foreign = await send('POST', b.token, url, departmentBody(b.adminId, { clinicCollectionId: complexId }));
    expect(foreign.statusCode).toBe(422);
    expect(body(foreign).message.fields).toEqual({ clinicCollectionId: 'This medical complex does not exist' });
  });

  it('lists with the complex name, PIC and clinic count; filters by complex; sorts by clinic count', async () => {
    const org = await createOrg(ctx, { plan: 'company' });
    const cx = body(await send('POST', org.token, '/api/cliniccollections', complexBody(org.adminId))).data._id;
    const busy = await createDepartment(org, { name: 'Paediatrics', clinicCollectionId: cx });
    await createDepartment(org, { name: 'Radiology' });
    await createDepartment(org, { name: 'Orthopaedics', isActive: false });
    for (const name of ['Child Clinic A', 'Child Clinic B']) {
      await send('POST', org.token, '/api/clinics', clinicBody(org.adminId, { name, departmentId: busy._id }));
    }
    const list = body(await send('GET', org.token, `${url}?sortBy=clinicCount&order=desc`));
    expect(list.data[0]).toMatchObject({ name: 'Paediatrics', clinicCount: 2, clinicCollection: { _id: cx }, PIC: { _id: org.adminId } });
    expect(body(await send('GET', org.token, `${url}?clinicCollectionId=${cx}`)).data.map((d: { name: string }) => d.name)).toEqual(['Paediatrics']);
    expect(body(await send('GET', org.token, `${url}?isActive=false`)).data.map((d: { name: string }) => d.name)).toEqual(['Orthopaedics']);
    expect(body(await send('GET', org.token, `${url}?search=radio`)).data.map((d: { name: string }) => d.name)).toEqual(['Radiology']);
    const details = body(await send('GET', org.token, `${url}/${busy._id}`)).data;
    expect(details.clinics.map((c: { name: string }) => c.name)).toEqual(['Child Clinic A', 'Child Clinic B']);
  });

  it('shows staff placed in the department and refuses to delete it while they or clinics remain', async () => {
    const dep = await createDepartment(a, { name: 'Neurology' });
    const person = await createAccount(ctx.database.db, a.companyId, a.roleIds, { name: 'Dr. Lina Omar', username: 'lina', email: 'lina@north.test', password: TEST_PASSWORD, employeeType: 'Doctor', roleNames: ['Doctor'] });
    await ctx.database.db.update(employees).set({ departmentId: dep._id }).where(and(eq(employees.companyId, a.companyId), eq(employees.id, person.id)));
    await send('POST', a.token, '/api/clinics', clinicBody(a.adminId, { name: 'Neuro Clinic', departmentId: dep._id }));
    const details = body(await send('GET', a.token, `${url}/${dep._id}`)).data;
    expect(details.staff).toEqual([{ _id: person.id, name: 'Dr. Lina Omar', publicId: person.publicId, employeeType: 'Doctor', isActive: true }]);
    expect(details.clinicCount).toBe(1);
    const res = await send('DELETE', a.token, `${url}/${dep._id}`);
    expect(res.statusCode).toBe(409);
    expect(body(res).message.message).toBe('This record cannot be deleted because it is still used by 1 clinic, 1 staff member');
  });

  it('moves its clinics along when the department changes complex, and deletes an empty department', async () => {
    const dep = await createDepartment(a, { name: 'Moving Department' });
    const clinic = body(await send('POST', a.token, '/api/clinics', clinicBody(a.adminId, { name: 'Moving Clinic', departmentId: dep._id }))).data;
    expect(clinic.clinicCollection).toBeNull();
    const moved = await send('PUT', a.token, `${url}/${dep._id}`, departmentBody(a.adminId, { name: 'Moving Department', clinicCollectionId: complexId }));
    expect(moved.statusCode).toBe(200);
    expect(body(await send('GET', a.token, `/api/clinics/${clinic._id}`)).data.clinicCollection).toMatchObject({ _id: complexId });

    const empty = await createDepartment(a, { name: 'Temporary' });
    expect(body(await send('DELETE', a.token, `${url}/${empty._id}`))).toEqual({ success: true, message: 'Department deleted' });
  });

  it('enforces the plan', async () => {
    const clinicPlan = await createOrg(ctx, { plan: 'clinic' });
    const res = await send('POST', clinicPlan.token, url, departmentBody(clinicPlan.adminId));
    expect(res.statusCode).toBe(403);
    expect(body(res).message.message).toBe('Your plan does not include departments');
    const depPlan = await createOrg(ctx, { plan: 'department' });
    await createDepartment(depPlan);
    expect((await send('POST', depPlan.token, url, departmentBody(depPlan.adminId))).statusCode).toBe(403);
  });

  it('answers 404 to another company and refuses writes without the permission', async () => {
    const dep = await createDepartment(a, { name: 'Private Department' });
    expect((await send('GET', b.token, `${url}/${dep._id}`)).statusCode).toBe(404);
    expect((await send('PUT', b.token, `${url}/${dep._id}`, departmentBody(b.adminId))).statusCode).toBe(404);
    expect((await send('DELETE', b.token, `${url}/${dep._id}`)).statusCode).toBe(404);
    expect(body(await send('GET', a.token, `${url}/${dep._id}`)).data.name).toBe('Private Department');
    await createAccount(ctx.database.db, a.companyId, a.roleIds, { name: 'Receptionist', username: 'rec1', email: 'rec1@north.test', password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['Receptionist'] });
    const session = await login(ctx, 'rec1', TEST_PASSWORD);
    expect((await send('GET', session.accessToken, `${url}/${dep._id}`)).statusCode).toBe(200);
    expect((await send('DELETE', session.accessToken, `${url}/${dep._id}`)).statusCode).toBe(403);
  });
});
