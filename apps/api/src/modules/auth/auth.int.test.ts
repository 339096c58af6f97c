import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employees } from '../../db/schema/index.js';
import { createAccount } from '../organisation/provision.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { revokeAllSessions } from './auth.service.js';

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ctx = await createTestContext({ loginMaxFailures: 3 });
  org = await createOrg(ctx);
});
afterAll(() => ctx.close());

describe('POST /api/auth/login', () => {
  it('signs in by user name or e-mail and returns tokens and the session user', async () => {
    for (const id of [org.adminUsername, `${org.adminUsername.toUpperCase()}@EXAMPLE.TEST`]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: id, password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(200);
      const { data } = body(res);
      expect(data.accessToken).toMatch(/^ey/);
      expect(data.refreshToken.length).toBeGreaterThan(30);
      expect(data.user).toMatchObject({ _id: org.adminId, roles: ['Admin'], plan: 'company', employeeType: 'Admin', permissions: ['admin'] });
    }
    const [row] = await ctx.database.db.select().from(employees).where(eq(employees.id, org.adminId));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
  });

  it('refuses a wrong password with a translated message and records the failure', async () => {
    const en = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.1.1.1', payload: { email: org.adminUsername, password: 'wrong-pass' } });
    expect(en.statusCode).toBe(401);
    expect(body(en)).toEqual({ success: false, message: { message: 'Incorrect user name or password', code: 'INVALID_CREDENTIALS' } });
    const ar = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.1.1.2', headers: { 'accept-language': 'ar-SA,ar;q=0.9' }, payload: { email: 'nobody', password: 'wrong-pass' } });
    expect(ar.statusCode).toBe(401);
    expect(body(ar).message.message).toBe('اسم المستخدم أو كلمة المرور غير صحيحة');
    const failures = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'login_failed'));
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  it('validates the form fields with the spec messages', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: '', password: '123' } });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ email: 'Username is required', password: 'Password must be at least 6 characters' });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(body(missing).message.fields).toEqual({ email: 'Username is required', password: 'Password is required' });
  });

  it('answers bad bodies with 4xx in the envelope, never 500', async () => {
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).message.code).toBe('MALFORMED_JSON');
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a', password: 'abcdefg', role: 'admin' } });
    expect(unknown.statusCode).toBe(422);
    expect(body(unknown).message.fields.role).toBe('Unknown field');
    const wrongType = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 42, password: ['x'] } });
    expect(wrongType.statusCode).toBe(422);
    const huge = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(body(huge).success).toBe(false);
    const text = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
  });

  it('throttles an account after repeated failures from one address, then answers 429 even to the right password', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: org.adminUsername, password: 'bad-password' } });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: org.adminUsername, password: TEST_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked).message.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    const otherIp = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.9.10', payload: { email: org.adminUsername, password: TEST_PASSWORD } });
    expect(otherIp.statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use and revokes the whole family when a rotated token is reused', async () => {
    const first = await login(ctx, org.adminUsername, TEST_PASSWORD);
    const r1 = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: first.refreshToken } });
    expect(r1.statusCode).toBe(200);
    const second = body(r1).data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(second.accessToken) });
    expect(profile.statusCode).toBe(200);

    const reuse = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: first.refreshToken } });
    expect(reuse.statusCode).toBe(401);
    expect(body(reuse).message.code).toBe('REFRESH_REUSED');
    const afterReuse = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: second.refreshToken } });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('refuses unknown tokens and missing fields', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: 'made-up' } });
    expect(res.statusCode).toBe(401);
    expect(body(res).message.code).toBe('REFRESH_INVALID');
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(body(missing).message.fields.refreshToken).toBe('Refresh token is required');
  });

  it('logout revokes the refresh token', async () => {
    const s = await login(ctx, org.adminUsername, TEST_PASSWORD);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: s.refreshToken } });
    expect(out.statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: s.refreshToken } });
    expect(res.statusCode).toBe(401);
  });

  it('logout ends the sign-in together with its audit row, or not at all', async () => {
    const s = await login(ctx, org.adminUsername, TEST_PASSWORD);
    // The process stops after the sign-in is ended, before its audit row is written (here: the audit log refuses it).
    await ctx.database.query(`create function logout_audit_stops() returns trigger language plpgsql as $$ begin raise exception 'the server stopped'; end $$`);
    await ctx.database.query(`create trigger logout_audit_stops before insert on audit_log for each row when (new.action = 'logout') execute function logout_audit_stops()`);
    try {
      const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: s.refreshToken } });
      expect(out.statusCode).toBe(500);
    } finally {
      await ctx.database.query('drop trigger logout_audit_stops on audit_log');
      await ctx.database.query('drop function logout_audit_stops()');
    }
    // Nothing changed: the sign-in still works, and the sign-out can be tried again.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(s.accessToken) })).statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: s.refreshToken } });
    expect(again.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: body(again).data.refreshToken } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(body(again).data.accessToken) })).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('answers 401 for a missing, garbage, forged or expired token', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/profile' });
    expect(none.statusCode).toBe(401);
    expect(body(none).message.code).toBe('UNAUTHORIZED');
    const garbage = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth('not.a.jwt') });
    expect(body(garbage).message.code).toBe('TOKEN_INVALID');
    const forged = await new SignJWT({ cid: org.companyId, sv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(org.adminId)
      .setExpirationTime('10m').sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-123'));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(forged) })).statusCode).toBe(401);
    const expired = await new SignJWT({ cid: org.companyId, sv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(org.adminId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600).setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(expired, 'ar') });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toEqual({ code: 'TOKEN_EXPIRED', message: 'انتهت صلاحية جلستك. يرجى تسجيل الدخول مرة أخرى.' });
  });

  it('a deactivated account loses its sessions and cannot sign in', async () => {
    const db = ctx.database.db;
    const user = await createAccount(db, org.companyId, org.roleIds, {
      name: 'Temp Nurse', username: `nurse_${Date.now()}`, email: `nurse${Date.now()}@example.test`, password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
    });
    const s = await login(ctx, user.username!, TEST_PASSWORD);
    await db.update(employees).set({ isActive: false }).where(and(eq(employees.companyId, org.companyId), eq(employees.id, user.id)));
    await revokeAllSessions({ db } as never, org.companyId, user.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(s.accessToken) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.username, password: TEST_PASSWORD } });
    expect(again.statusCode).toBe(403);
    expect(body(again).message.code).toBe('ACCOUNT_INACTIVE');
  });
});

describe('profile', () => {
  it('returns the current user and lets an admin choose the plan once', async () => {
    const fresh = await createOrg(ctx, { plan: null });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/profile/', headers: auth(fresh.token) });
    expect(me.statusCode).toBe(200);
    expect(body(me).data).toMatchObject({ _id: fresh.adminId, plan: null });
    const set = await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: auth(fresh.token), payload: { plan: 'complex' } });
    expect(set.statusCode).toBe(200);
    expect(body(set).data.plan).toBe('complex');
    const same = await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: auth(fresh.token), payload: { plan: 'complex' } });
    expect(same.statusCode).toBe(200);
    const change = await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: auth(fresh.token), payload: { plan: 'clinic' } });
    expect(change.statusCode).toBe(409);
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: auth(fresh.token), payload: { plan: 'galaxy' } });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message.fields.plan).toBe('Invalid plan');
  });

  it('refuses the plan change to a user without admin, with 403, and changes nothing', async () => {
    const fresh = await createOrg(ctx, { plan: null });
    const user = await createAccount(ctx.database.db, fresh.companyId, fresh.roleIds, {
      name: 'Desk', username: `desk_${Date.now()}`, email: `desk${Date.now()}@example.test`, password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['Receptionist'],
    });
    const s = await login(ctx, user.username!, TEST_PASSWORD);
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: auth(s.accessToken), payload: { plan: 'company' } });
    expect(res.statusCode).toBe(403);
    expect(body(res).message.code).toBe('FORBIDDEN');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(fresh.token) });
    expect(body(me).data.plan).toBeNull();
    const denied = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'permission_denied'), eq(auditLog.actorId, user.id)));
    expect(denied).toHaveLength(1);
  });
});
