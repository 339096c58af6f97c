import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeRoles, employees, roles, rolePermissions, signInSessions } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { TokenService } from '../../lib/tokens.js';
import { createOrganisation } from '../organisation/provision.js';
import { auth, body, createTestContext, TEST_PASSWORD, type TestContext } from '../../test/harness.js';
import { asLoadedNow } from '../../test/versions.js';
import { hasActiveAdministrator } from './administrators.js';

/*
 * An organisation always keeps an active administrator, even when two administrators remove each other at the same
 * moment. The races only really happen on PostgreSQL (several connections); on PGlite the same tests check the rule.
 */

let ctx: TestContext;
let tokens: TokenService;
beforeAll(async () => {
  ctx = await createTestContext();
  tokens = new TokenService(ctx.config.jwtSecret, ctx.config.accessTokenTtlSeconds);
});
afterAll(() => ctx.close());

const ROUNDS = 10;
let seq = 0;

/**
 * An organisation with exactly two administrators and a session for each, their cached callers warm. The second
 * administrator shares the first one's password hash and the sessions are signed directly, so a round costs one hash.
 */
async function twoAdmins() {
  seq += 1;
  const db = ctx.database.db;
  const username = `admins_${seq}_${Date.now()}`;
  const { company, admin, roleIds } = await createOrganisation(db, {
    name: `Two Admins ${seq}`, plan: 'company', admin: { name: 'First Admin', username, email: `${username}@example.test`, password: TEST_PASSWORD },
  });
  const [second] = await db.insert(employees).values({
    companyId: company.id, publicId: await nextPublicId(db, company.id, 'employee', 'EMP'), name: 'Second Admin', username: `${username}_2`,
    email: `${username}_2@example.test`, passwordHash: admin.passwordHash, employeeType: 'Admin',
  }).returning({ id: employees.id });
  await db.insert(employeeRoles).values({ companyId: company.id, employeeId: second!.id, roleId: roleIds.get('Admin')! });
  // Each administrator signed in once (a session of their own).
  const signedIn = async (employeeId: string) => {
    const fam = randomUUID();
    await db.insert(signInSessions).values({ companyId: company.id, id: fam, employeeId, method: 'password', verifiedAt: new Date() });
    return tokens.signAccess({ sub: employeeId, cid: company.id, sv: 0, fam });
  };
  const a = { id: admin.id, token: await signedIn(admin.id) };
  const b = { id: second!.id, token: await signedIn(second!.id) };
  for (const { token } of [a, b]) {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(token) })).statusCode).toBe(200);
  }
  return { org: { companyId: company.id, roleIds }, a, b };
}

type Request = { method: 'PUT' | 'DELETE'; url: string; headers: Record<string, string>; payload?: Record<string, unknown> };
const put = (token: string, id: string, payload: Record<string, unknown>, lang?: string): Request =>
  ({ method: 'PUT', url: `/api/employees/${id}`, headers: auth(token, lang), payload });
const del = (token: string, id: string, lang?: string): Request => ({ method: 'DELETE', url: `/api/employees/${id}`, headers: auth(token, lang) });

/**
 * Sends requests at the same moment, each as a screen loaded before any of them sends it (an update carries the
 * record's version read first). Reading the versions between the sends instead let one request finish before the
 * other had even started; the other was then refused for its deactivated caller, and the race was never run.
 */
async function race(requests: Request[]) {
  const prepared = [];
  for (const r of requests) prepared.push(r.payload ? { ...r, payload: (await asLoadedNow(ctx, r.method, r.url, r.payload)) as Record<string, unknown> } : r);
  return Promise.all(prepared.map((r) => ctx.app.inject(r)));
}
const one = async (request: Request) => (await race([request]))[0]!;

/** Exactly one of two racing requests wins; the other is refused with the translated last-administrator message. */
function expectOneRefused(results: Array<{ statusCode: number; body: string }>, message: string) {
  const statuses = results.map((r) => r.statusCode).sort();
  expect(statuses, results.map((r) => r.body).join('\n')).toEqual([200, 409]);
  const refused = results.find((r) => r.statusCode === 409)!;
  expect(JSON.parse(refused.body).message).toEqual({ code: 'LAST_ADMINISTRATOR', message });
}

describe('at least one active administrator remains', () => {
  it('when two administrators delete each other at the same moment', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { org, a, b } = await twoAdmins();
      const results = await race([del(a.token, b.id), del(b.token, a.id, 'ar')]);
      const refused = results.findIndex((r) => r.statusCode === 409);
      expectOneRefused(results, refused === 1 ? 'يجب أن يبقى مسؤول نشط واحد على الأقل' : 'At least one active administrator must remain');
      expect(await hasActiveAdministrator(ctx.database.db, org.companyId)).toBe(true);
    }
  });

  it('when two administrators deactivate each other at the same moment', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { org, a, b } = await twoAdmins();
      const results = await race([put(a.token, b.id, { isActive: false }), put(b.token, a.id, { isActive: false })]);
      expectOneRefused(results, 'At least one active administrator must remain');
      expect(await hasActiveAdministrator(ctx.database.db, org.companyId)).toBe(true);
      // The refused deactivation changed nothing: exactly one of the two is inactive.
      const states = await Promise.all([a.id, b.id].map(async (id) => body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${id}`, headers: auth(results[0]!.statusCode === 200 ? a.token : b.token) })).data.isActive));
      expect(states.filter((s) => s === false)).toHaveLength(1);
    }
  });

  it('when two administrators take the Admin role from each other at the same moment', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { org, a, b } = await twoAdmins();
      const nurse = org.roleIds.get('Nurse')!;
      const results = await race([put(a.token, b.id, { roleIds: [nurse] }), put(b.token, a.id, { roleIds: [nurse] })]);
      expectOneRefused(results, 'At least one active administrator must remain');
      expect(await hasActiveAdministrator(ctx.database.db, org.companyId)).toBe(true);
    }
  });

  it('when one takes admin out of the other\'s role while the other deactivates them', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { org, a, b } = await twoAdmins();
      // B administers through a role of its own rather than the built-in Admin role.
      const db = ctx.database.db;
      const [owners] = await db.insert(roles).values({ companyId: org.companyId, name: 'Owners' }).returning({ id: roles.id });
      await db.insert(rolePermissions).values({ companyId: org.companyId, roleId: owners!.id, permission: 'admin' });
      await db.delete(employeeRoles).where(and(eq(employeeRoles.companyId, org.companyId), eq(employeeRoles.employeeId, b.id)));
      await db.insert(employeeRoles).values({ companyId: org.companyId, employeeId: b.id, roleId: owners!.id });
      const results = await race([
        { method: 'PUT', url: `/api/roles/${owners!.id}`, headers: auth(a.token), payload: { permissions: ['patient_read'] } },
        put(b.token, a.id, { isActive: false }),
      ]);
      expectOneRefused(results, 'At least one active administrator must remain');
      expect(await hasActiveAdministrator(ctx.database.db, org.companyId)).toBe(true);
    }
  });

  it('refuses taking admin out of the only role that still grants it, and changes nothing', async () => {
    const { org, a } = await twoAdmins();
    const db = ctx.database.db;
    await db.delete(employees).where(and(eq(employees.companyId, org.companyId), eq(employees.name, 'Second Admin')));
    const [owners] = await db.insert(roles).values({ companyId: org.companyId, name: 'Owners' }).returning({ id: roles.id });
    await db.insert(rolePermissions).values({ companyId: org.companyId, roleId: owners!.id, permission: 'admin' });
    await db.insert(employeeRoles).values({ companyId: org.companyId, employeeId: a.id, roleId: owners!.id });
    await db.delete(employeeRoles).where(and(eq(employeeRoles.companyId, org.companyId), eq(employeeRoles.roleId, org.roleIds.get('Admin')!)));
    const res = await one({ method: 'PUT', url: `/api/roles/${owners!.id}`, headers: auth(a.token, 'ar'), payload: { permissions: ['patient_read'] } });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toEqual({ code: 'LAST_ADMINISTRATOR', message: 'يجب أن يبقى مسؤول نشط واحد على الأقل' });
    const role = await ctx.app.inject({ method: 'GET', url: `/api/roles/${owners!.id}`, headers: auth(a.token) });
    expect(body(role).data.permissions).toEqual(['admin']);
    expect(await hasActiveAdministrator(db, org.companyId)).toBe(true);
  });

  it('still lets an administrator remove another while one remains', async () => {
    const { org, a, b } = await twoAdmins();
    expect((await one(put(a.token, b.id, { isActive: false }))).statusCode).toBe(200);
    expect((await one(put(a.token, b.id, { isActive: true }))).statusCode).toBe(200);
    expect((await one(put(a.token, b.id, { roleIds: [org.roleIds.get('Nurse')!] }))).statusCode).toBe(200);
    expect((await one(del(a.token, b.id))).statusCode).toBe(200);
    expect(await hasActiveAdministrator(ctx.database.db, org.companyId)).toBe(true);
  });
});
