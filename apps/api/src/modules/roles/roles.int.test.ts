import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../organisation/provision.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { asLoadedNow } from '../../test/versions.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let receptionToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx);
  b = await createOrg(ctx);
  await createAccount(ctx.database.db, a.companyId, a.roleIds, {
    name: 'Layla', username: 'r_reception', email: 'r_reception@a.test', password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['Receptionist'],
  });
  receptionToken = (await login(ctx, 'r_reception', TEST_PASSWORD)).accessToken;
});
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload ? { payload: (await asLoadedNow(ctx, method, url, payload)) as Record<string, unknown> } : {}) });

describe('roles', () => {
  it('lists the seeded roles five a page by default, with their permissions and how many users hold them', async () => {
    const res = await call('GET', '/api/roles?sortBy=name&order=asc', a.token);
    expect(res.statusCode).toBe(200);
    const json = body(res);
    expect(json.pagination).toMatchObject({ items_per_page: 5, total_items: 5 });
    expect(json.data.map((r: { name: string }) => r.name)).toEqual(['Accountant', 'Admin', 'Doctor', 'Nurse', 'Receptionist']);
    expect(json.data[1]).toMatchObject({ name: 'Admin', isSystem: true, permissions: ['admin'], usersCount: 1 });
    expect(body(await call('GET', '/api/roles?allData=true', a.token)).data).toHaveLength(5);
  });

  it('creates a role, refuses duplicates and unknown permissions with messages in English and Arabic', async () => {
    const res = await call('POST', '/api/roles', a.token, { name: 'Lab Technician', permissions: ['patient_read', 'appointment_read', 'patient_read'] });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({ message: 'Role created successfully', data: { name: 'Lab Technician', permissions: ['patient_read', 'appointment_read'], usersCount: 0, isSystem: false } });
    const dup = await call('POST', '/api/roles', a.token, { name: 'lab technician', permissions: ['patient_read'] });
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message.message).toBe('A role with this name already exists');
    const bad = await call('POST', '/api/roles', a.token, { name: '', permissions: [] });
    expect(body(bad).message.fields).toEqual({ name: 'Role name is required', permissions: 'Select at least one permission' });
    const ar = await call('POST', '/api/roles', a.token, { name: 'X', permissions: ['launch_rockets'] }, 'ar');
    expect(body(ar).message.fields).toEqual({ 'permissions.0': 'صلاحية غير معروفة' });
    // The same name in another company is fine.
    expect((await call('POST', '/api/roles', b.token, { name: 'Lab Technician', permissions: ['patient_read'] })).statusCode).toBe(201);
  });

  it('updates a role\'s permissions, which take effect for its holders at once', async () => {
    const role = body(await call('POST', '/api/roles', a.token, { name: 'Viewer', permissions: ['patient_read'] })).data;
    await createAccount(ctx.database.db, a.companyId, new Map([['Viewer', role._id]]), {
      name: 'Viewer One', username: 'r_viewer', email: 'r_viewer@a.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['Viewer'],
    });
    const viewer = (await login(ctx, 'r_viewer', TEST_PASSWORD)).accessToken;
    expect((await call('GET', '/api/employees', viewer)).statusCode).toBe(403);
    const res = await call('PUT', `/api/roles/${role._id}`, a.token, { permissions: ['patient_read', 'employee_read'] });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ name: 'Viewer', permissions: ['employee_read', 'patient_read'], usersCount: 1 });
    expect((await call('GET', '/api/employees', viewer)).statusCode).toBe(200);
    expect(body(await call('GET', `/api/roles/${role._id}`, a.token)).data.permissions).toEqual(['employee_read', 'patient_read']);
    // Withdrawn just as fast, although the server had the viewer's permissions in its short-lived cache.
    expect((await call('PUT', `/api/roles/${role._id}`, a.token, { permissions: ['patient_read'] })).statusCode).toBe(200);
    expect((await call('GET', '/api/employees', viewer)).statusCode).toBe(403);
  });

  it('keeps the Admin role whole: it keeps admin, keeps its name and cannot be deleted', async () => {
    const adminRole = a.roleIds.get('Admin')!;
    const strip = await call('PUT', `/api/roles/${adminRole}`, a.token, { permissions: ['user_read'] });
    expect(strip.statusCode).toBe(409);
    expect(body(strip).message.message).toBe('The Admin role must keep the admin permission');
    expect((await call('PUT', `/api/roles/${adminRole}`, a.token, { name: 'Boss' })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/roles/${adminRole}`, a.token)).statusCode).toBe(409);
  });

  it('refuses to delete a role while it is assigned, and deletes it once free', async () => {
    const nurse = await call('DELETE', `/api/roles/${a.roleIds.get('Receptionist')}`, a.token);
    expect(nurse.statusCode).toBe(409);
    expect(body(nurse).message.message).toBe('This role is assigned to 1 user. Remove it from them before deleting it.');
    const role = body(await call('POST', '/api/roles', a.token, { name: 'Temporary', permissions: ['patient_read'] })).data;
    const res = await call('DELETE', `/api/roles/${role._id}`, a.token);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/roles/${role._id}`, a.token)).statusCode).toBe(404);
  });

  it('hides other companies\' roles (404) and changes nothing of them', async () => {
    const nurseB = b.roleIds.get('Nurse')!;
    expect((await call('GET', `/api/roles/${nurseB}`, a.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/roles/${nurseB}`, a.token, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/roles/${nurseB}`, a.token)).statusCode).toBe(404);
    expect(body(await call('GET', `/api/roles/${nurseB}`, b.token)).data.name).toBe('Nurse');
  });

  it('needs role_read to read and role_write to change; nobody grants what they do not hold', async () => {
    expect((await call('GET', '/api/roles', receptionToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/permissions', receptionToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/roles', receptionToken, { name: 'Mine', permissions: ['patient_read'] })).statusCode).toBe(403);
    const editorRole = body(await call('POST', '/api/roles', a.token, { name: 'Role Editor', permissions: ['role_read', 'role_write', 'patient_read'] })).data;
    await createAccount(ctx.database.db, a.companyId, new Map([['Role Editor', editorRole._id]]), {
      name: 'Editor', username: 'r_editor', email: 'r_editor@a.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['Role Editor'],
    });
    const editor = (await login(ctx, 'r_editor', TEST_PASSWORD)).accessToken;
    expect((await call('POST', '/api/roles', editor, { name: 'Readers', permissions: ['patient_read'] })).statusCode).toBe(201);
    const escalate = await call('POST', '/api/roles', editor, { name: 'Super', permissions: ['admin'] });
    expect(escalate.statusCode).toBe(403);
    expect(body(escalate).message.message).toBe('You cannot grant permissions that you do not hold yourself');
    expect((await call('PUT', `/api/roles/${editorRole._id}`, editor, { permissions: ['role_read', 'role_write', 'patient_read', 'user_create'] })).statusCode).toBe(403);
  });

  it('serves the permission catalogue grouped by area', async () => {
    const res = await call('GET', '/api/permissions', a.token);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual(expect.arrayContaining([{ code: 'admin', group: 'admin' }, { code: 'user_create', group: 'user' }, { code: 'patient_read', group: 'patient' }]));
  });
});
