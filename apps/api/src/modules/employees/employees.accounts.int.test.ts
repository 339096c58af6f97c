import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, externalIdentities, rolePermissions, roles } from '../../db/schema/index.js';
import { createAccount } from '../organisation/provision.js';
import { withVersion, versionOf } from '../../test/versions.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';

/*
 * Who may change a sign-in account: a staff manager (employee_read, employee_write) edits HR records but not what
 * identifies or authorises an account, and nobody below an administrator changes an administrator at all.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let ctx: TestContext;
let org: TestOrg;
let managerToken: string;
let userAdminToken: string;
let nurseId: string;

async function roleWith(name: string, permissions: string[]) {
  const db = ctx.database.db;
  const [role] = await db.insert(roles).values({ companyId: org.companyId, name }).returning({ id: roles.id });
  await db.insert(rolePermissions).values(permissions.map((permission) => ({ companyId: org.companyId, roleId: role!.id, permission })));
  org.roleIds.set(name, role!.id);
}

beforeAll(async () => {
  ctx = await createTestContext({ signupMaxAttempts: 2 });
  org = await createOrg(ctx);
  const db = ctx.database.db;
  await roleWith('Staff Manager', ['employee_read', 'employee_write']);
  await roleWith('User Admin', ['employee_read', 'employee_write', 'user_read', 'user_create', 'user_update', 'user_delete']);
  await createAccount(db, org.companyId, org.roleIds, { name: 'Manager', username: 'acc_manager', email: 'acc_manager@example.test', password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['Staff Manager'] });
  await createAccount(db, org.companyId, org.roleIds, { name: 'Users', username: 'acc_users', email: 'acc_users@example.test', password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['User Admin'] });
  nurseId = (await createAccount(db, org.companyId, org.roleIds, { name: 'Nurse Noor', username: 'acc_nurse', email: 'acc_nurse@example.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'] })).id;
  managerToken = (await login(ctx, 'acc_manager', TEST_PASSWORD)).accessToken;
  userAdminToken = (await login(ctx, 'acc_users', TEST_PASSWORD)).accessToken;
});
afterAll(() => ctx.close());

const put = async (token: string, id: string, payload: Record<string, unknown>, lang?: string) =>
  ctx.app.inject({ method: 'PUT', url: `/api/employees/${id}`, headers: auth(token, lang), payload: await withVersion(ctx, 'employees', id, payload) as Record<string, unknown> });

async function stored(id: string) {
  const [row] = await ctx.database.db.select().from(employees).where(and(eq(employees.companyId, org.companyId), eq(employees.id, id)));
  return row!;
}

async function documentUpload(id: string) {
  const fd = new FormData();
  fd.append('version', String(await versionOf(ctx, 'employees', id)));
  fd.append('documents[cv][file]', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf');
  const req = new Request('http://local/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

describe('an administrator\'s account', () => {
  it('cannot be changed by a staff manager in any way: 403 and nothing changes', async () => {
    const before = await stored(org.adminId);
    for (const payload of [{ email: 'attacker@example.test' }, { name: 'Taken Over' }, { employeeType: 'Nurse' }, { isActive: false }, { jobTitle: 'Intern' }]) {
      const res = await put(managerToken, org.adminId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const upload = await documentUpload(org.adminId);
    const docs = await ctx.app.inject({ method: 'PUT', url: `/api/employees/${org.adminId}`, headers: { ...auth(managerToken), ...upload.headers }, payload: upload.payload });
    expect(docs.statusCode).toBe(403);
    const gone = await ctx.app.inject({ method: 'DELETE', url: `/api/employees/${org.adminId}`, headers: auth(managerToken) });
    expect(gone.statusCode).toBe(403);
    const after = await stored(org.adminId);
    expect(after).toEqual(before);
    // The administrator still signs in with the original e-mail; the attacker's address signs nobody in.
    expect((await login(ctx, `${org.adminUsername}@example.test`, TEST_PASSWORD)).accessToken).toBeTruthy();
    const attacker = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'attacker@example.test', password: TEST_PASSWORD } });
    expect(attacker.statusCode).toBe(401);
  });

  it('cannot be changed by a user administrator who is not an administrator, with a translated message', async () => {
    // The record says so, and the screens offer no change to whoever is refused it.
    const record = async (id: string) => body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${id}`, headers: auth(userAdminToken) })).data;
    expect((await record(org.adminId)).administrator).toBe(true);
    expect((await record(nurseId)).administrator).toBe(false);
    const before = await stored(org.adminId);
    const res = await put(userAdminToken, org.adminId, { name: 'Renamed' });
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toEqual({ code: 'ADMINISTRATOR_PROTECTED', message: 'Only an administrator can change or delete an administrator' });
    const ar = await put(userAdminToken, org.adminId, { email: 'x@example.test' }, 'ar');
    expect(body(ar).message.message).toBe('لا يمكن تعديل حساب مسؤول أو حذفه إلا من قِبل مسؤول');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/employees/${org.adminId}`, headers: auth(userAdminToken) })).statusCode).toBe(403);
    expect(await stored(org.adminId)).toEqual(before);
  });

  it('can be changed by another administrator', async () => {
    const other = await createAccount(ctx.database.db, org.companyId, org.roleIds, {
      name: 'Other Admin', username: 'acc_admin2', email: 'acc_admin2@example.test', password: TEST_PASSWORD, employeeType: 'Admin', roleNames: ['Admin'],
    });
    const res = await put(org.token, other.id, { email: 'acc_admin2.new@example.test', name: 'Other Admin Renamed' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ email: 'acc_admin2.new@example.test', name: 'Other Admin Renamed' });
    expect((await login(ctx, 'acc_admin2.new@example.test', TEST_PASSWORD)).accessToken).toBeTruthy();
  });
});

describe('a user account below administrator', () => {
  it('needs user_update for its sign-in e-mail, type and status; a staff manager still edits its HR fields', async () => {
    const before = await stored(nurseId);
    for (const payload of [{ email: 'nurse.takeover@example.test' }, { employeeType: 'Admin' }, { isActive: false }]) {
      const res = await put(managerToken, nurseId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(body(res).message).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to manage user accounts' });
    }
    expect(await stored(nurseId)).toEqual(before);
    // Saving the form with the stored e-mail and type unchanged is an HR edit.
    const hr = await put(managerToken, nurseId, { email: 'ACC_NURSE@example.test', employeeType: 'Nurse', jobTitle: 'Charge Nurse' });
    expect(hr.statusCode, hr.body).toBe(200);
    expect(body(hr).data).toMatchObject({ jobTitle: 'Charge Nurse', email: 'acc_nurse@example.test' });
    const ok = await put(userAdminToken, nurseId, { email: 'noor@example.test' });
    expect(ok.statusCode).toBe(200);
    expect((await login(ctx, 'noor@example.test', TEST_PASSWORD)).accessToken).toBeTruthy();
  });
});

describe('an account made by single sign-on', () => {
  it('is an account too: with employee_write alone it is neither reactivated, re-addressed, retyped nor deleted', async () => {
    // As single sign-on makes it: no user name, no password, an identity at the organisation's provider.
    const person = await createAccount(ctx.database.db, org.companyId, org.roleIds, {
      name: 'Sso Sami', username: 'acc_sso', email: 'acc_sso@example.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
    });
    await ctx.database.db.update(employees).set({ username: null, passwordHash: null }).where(eq(employees.id, person.id));
    await ctx.database.db.insert(externalIdentities).values({ companyId: org.companyId, issuer: 'https://idp.example.test', subject: 'sami-1', employeeId: person.id });
    expect((await put(org.token, person.id, { isActive: false })).statusCode).toBe(200);

    const before = await stored(person.id);
    for (const payload of [{ isActive: true }, { email: 'sso.takeover@example.test' }, { employeeType: 'Admin' }]) {
      const res = await put(managerToken, person.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(body(res).message).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to manage user accounts' });
    }
    const gone = await ctx.app.inject({ method: 'DELETE', url: `/api/employees/${person.id}`, headers: auth(managerToken) });
    expect(gone.statusCode).toBe(403);
    expect(await stored(person.id)).toEqual(before);
    // A user administrator may change its e-mail; an administrator reactivates it.
    expect((await put(userAdminToken, person.id, { email: 'sami@example.test' })).statusCode).toBe(200);
    expect((await put(org.token, person.id, { isActive: true })).statusCode).toBe(200);
    expect(await stored(person.id)).toMatchObject({ isActive: true, email: 'sami@example.test' });
  });
});

describe('taken sign-in names', () => {
  it('are answered a limited number of times per organisation, then 429; free names do not count', async () => {
    const staff = (overrides: Record<string, unknown>) => ({
      name: 'Probe', employeeType: 'Nurse', contactInfos: [{ type: 'phone', value: '0501234567' }], dateOfBirth: '1990-01-05', gender: 'female',
      identity: `ID-${Math.random().toString(36).slice(2, 10)}`, address: 'Riyadh', hireDate: '2020-03-01',
      workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '17:00' }], ...overrides,
    });
    const post = (payload: Record<string, unknown>, lang?: string) => ctx.app.inject({ method: 'POST', url: '/api/employees', headers: auth(org.token, lang), payload });
    const free = await post(staff({ username: 'probe_free', password: 'Strong@Pass1', email: 'probe_free@example.test' }));
    expect(free.statusCode, free.body).toBe(201);
    // The limit in this file is 2 (SIGNUP_MAX_ATTEMPTS).
    for (const email of ['acc_manager@example.test', 'acc_users@example.test']) {
      const taken = await post(staff({ username: `probe_${email.split('@')[0]}`, password: 'Strong@Pass1', email }));
      expect(taken.statusCode).toBe(409);
      expect(body(taken).message.fields).toEqual({ email: 'This email address is already used by another account' });
    }
    const throttled = await post(staff({ username: 'probe_more', password: 'Strong@Pass1', email: 'someone.else@example.test' }), 'ar');
    expect(throttled.statusCode).toBe(429);
    expect(body(throttled).message.code).toBe('TOO_MANY_TAKEN_NAMES');
    expect(body(throttled).message.message).toBe('جُرّبت أسماء مستخدمين أو عناوين بريد إلكتروني مستخدمة بالفعل مرات كثيرة. يرجى المحاولة بعد 60 دقيقة.');
    // Staff without a sign-in account are not looked up across organisations, so they are not held back.
    expect((await post(staff({ email: 'acc_manager@example.test' }))).statusCode).toBe(201);
  });
});
