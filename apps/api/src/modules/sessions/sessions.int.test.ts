import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, companySecurity, signInHistory, signInSessions } from '../../db/schema/index.js';
import { startSmtpSink, type SmtpSink } from '../../test/messaging-sinks.js';
import { createAccount } from '../organisation/provision.js';
import { auth, body, createOrg, createTestContext, linkSessionOf, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';

/*
 * Sign-in sessions as a person and an administrator see them, and as an attacker tries them: a session ended from
 * the list stops its refresh and its access token; "end all sessions" leaves a stolen refresh token worthless (and
 * its reuse audited); no client chooses its session; idle and lifetime limits; another organisation sees nothing;
 * a sign-in from a new device is e-mailed once.
 */

let ctx: TestContext;
let smtp: SmtpSink;
let a: TestOrg;
let b: TestOrg;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ smtpUrl: smtp.url, smtpFrom: 'Clinic <staff@clinic.example>', publicUrl: 'https://clinic.example' });
  a = await createOrg(ctx, { name: 'North Group' });
  b = await createOrg(ctx, { name: 'South Group' });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.messages.length = 0;
});

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

async function staff(org: TestOrg) {
  const username = `nurse_${randomBytes(3).toString('hex')}`;
  const employee = await createAccount(ctx.database.db, org.companyId, org.roleIds, {
    name: 'Nurse Amal', username, email: `${username}@example.test`, password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['Admin'],
  });
  return { id: employee.id, username, email: `${username}@example.test` };
}

async function signIn(username: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: username, password: TEST_PASSWORD }, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as { accessToken: string; refreshToken: string };
}

const get = (url: string, token: string, lang?: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token, lang) });
const post = (url: string, token: string, lang?: string) => ctx.app.inject({ method: 'POST', url, headers: auth(token, lang) });
const refresh = (refreshToken: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });

describe('a person\'s own sessions', () => {
  it('lists both sign-ins with device and address, this one marked; ending the other stops its refresh and access token', async () => {
    const p = await staff(a);
    const laptop = await signIn(p.username, { 'user-agent': UA.chrome });
    const phone = await signIn(p.username, { 'user-agent': UA.iphone });
    const list = body(await get('/api/sessions', laptop.accessToken)).data as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    const mine = list.find((s) => s.current)!;
    expect(mine).toMatchObject({ device: 'Chrome · Windows', live: true, method: 'password' });
    const other = list.find((s) => !s.current)!;
    expect(other.device).toBe('Safari · iPhone');

    const ended = await ctx.app.inject({ method: 'DELETE', url: `/api/sessions/${String(other._id)}`, headers: auth(laptop.accessToken) });
    expect(ended.statusCode).toBe(200);
    expect(body(ended).message).toBe('The session has ended.');
    expect((await get('/api/profile', phone.accessToken)).statusCode).toBe(401);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await get('/api/profile', laptop.accessToken)).statusCode).toBe(200);
    const after = body(await get('/api/sessions', laptop.accessToken)).data as Array<Record<string, unknown>>;
    expect(after.find((s) => s._id === other._id)).toMatchObject({ live: false, endReason: 'ended_by_user' });
    // A session ended already, or another person's, is not found (and nothing changes).
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/sessions/${String(other._id)}`, headers: auth(laptop.accessToken) });
    expect(again.statusCode).toBe(404);
  });

  it('"end all other sessions" leaves only this one, counted in the message (Arabic plural forms)', async () => {
    const p = await staff(a);
    const here = await signIn(p.username);
    const others = [await signIn(p.username), await signIn(p.username)];
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sessions/end-others', headers: auth(here.accessToken, 'ar') });
    expect(res.statusCode).toBe(200);
    expect(body(res).data.ended).toBe(2);
    expect(body(res).message).toBe('انتهت جلستان أخريان.');
    for (const o of others) expect((await get('/api/profile', o.accessToken)).statusCode).toBe(401);
    expect((await get('/api/profile', here.accessToken)).statusCode).toBe(200);
  });
});

describe('an administrator and a person\'s sessions', () => {
  it('"end all sessions" of a person: a stolen refresh token is refused afterwards, and its reuse is audited', async () => {
    const p = await staff(a);
    const stolen = await signIn(p.username);
    const listed = await get(`/api/employees/${p.id}/sessions`, a.token);
    expect(listed.statusCode).toBe(200);
    expect(body(listed).data).toHaveLength(1);
    const res = await post(`/api/employees/${p.id}/sessions/end-all`, a.token);
    expect(res.statusCode).toBe(200);
    expect(body(res).data.ended).toBe(1);
    expect((await get('/api/profile', stolen.accessToken)).statusCode).toBe(401);
    const replay = await refresh(stolen.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(body(replay).message.code).toBe('REFRESH_REUSED');
    const audit = await ctx.database.db.select().from(auditLog)
      .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.actorId, p.id), eq(auditLog.action, 'refresh_token_reused')));
    expect(audit).toHaveLength(1);
    const ended = await ctx.database.db.select().from(auditLog)
      .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.action, 'end_sessions'), eq(auditLog.entityId, p.id)));
    expect(ended[0]).toMatchObject({ actorId: a.adminId, changes: expect.objectContaining({ reason: 'ended_by_admin' }) });
  });

  it('another organisation\'s administrator can neither see nor end a person\'s sessions, nor read their history', async () => {
    const p = await staff(a);
    const session = await signIn(p.username);
    expect((await get(`/api/employees/${p.id}/sessions`, b.token)).statusCode).toBe(404);
    expect((await get(`/api/employees/${p.id}/sign-in-history`, b.token)).statusCode).toBe(404);
    expect((await post(`/api/employees/${p.id}/sessions/end-all`, b.token)).statusCode).toBe(404);
    const foreign = await ctx.app.inject({ method: 'DELETE', url: `/api/sessions/${linkSessionOf(session.accessToken).familyId}`, headers: auth(b.token) });
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/profile', session.accessToken)).statusCode).toBe(200);
  });

  it('a user manager below administrator neither sees nor ends an administrator\'s sessions, as they cannot edit them', async () => {
    const made = await ctx.app.inject({
      method: 'POST', url: '/api/roles', headers: auth(a.token), payload: { name: `User manager ${randomBytes(3).toString('hex')}`, permissions: ['user_read', 'user_update'] },
    });
    expect(made.statusCode).toBe(201);
    a.roleIds.set('UserManager', body(made).data._id);
    const account = async (roleNames: string[]) => {
      const username = `mgr_${randomBytes(3).toString('hex')}`;
      const row = await createAccount(ctx.database.db, a.companyId, a.roleIds, {
        name: 'Hala', username, email: `${username}@example.test`, password: TEST_PASSWORD, employeeType: 'Employee', roleNames,
      });
      return { id: row.id, ...(await signIn(username)) };
    };
    const manager = await account(['UserManager']);
    const admin = await staff(a);
    const adminSession = await signIn(admin.username);
    // The edit of the administrator is refused to the manager; so are their sessions and history, and "end all".
    for (const target of [admin.id, a.adminId]) {
      for (const res of [
        await get(`/api/employees/${target}/sessions`, manager.accessToken, 'ar'),
        await get(`/api/employees/${target}/sign-in-history`, manager.accessToken, 'ar'),
        await post(`/api/employees/${target}/sessions/end-all`, manager.accessToken, 'ar'),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(body(res).message).toEqual({ code: 'ADMINISTRATOR_PROTECTED', message: 'لا يمكن تعديل حساب مسؤول أو حذفه إلا من قِبل مسؤول' });
      }
    }
    expect((await get('/api/profile', adminSession.accessToken)).statusCode).toBe(200);
    expect((await get('/api/profile', a.token)).statusCode).toBe(200);
    const ended = await ctx.database.db.select().from(auditLog)
      .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.action, 'end_sessions'), eq(auditLog.actorId, manager.id)));
    expect(ended).toEqual([]);

    // A receptionist's sessions they see, as they edit the record; ending them switches the account off for a while,
    // which needs every permission the receptionist holds, as the status switch does.
    const desk = await account(['Receptionist']);
    expect((await get(`/api/employees/${desk.id}/sessions`, manager.accessToken)).statusCode).toBe(200);
    expect((await get(`/api/employees/${desk.id}/sign-in-history`, manager.accessToken)).statusCode).toBe(200);
    const beyond = await post(`/api/employees/${desk.id}/sessions/end-all`, manager.accessToken);
    expect(beyond.statusCode).toBe(403);
    expect(body(beyond).message.code).toBe('GRANT_BEYOND_OWN');
    expect((await get('/api/profile', desk.accessToken)).statusCode).toBe(200);
    // A colleague holding no more than they do, and their own, they end.
    const peer = await account(['UserManager']);
    const res = await post(`/api/employees/${peer.id}/sessions/end-all`, manager.accessToken);
    expect(res.statusCode).toBe(200);
    expect(body(res).data.ended).toBe(1);
    expect((await get('/api/profile', peer.accessToken)).statusCode).toBe(401);
    expect((await get(`/api/employees/${manager.id}/sessions`, manager.accessToken)).statusCode).toBe(200);
    expect(body(await post(`/api/employees/${manager.id}/sessions/end-all`, manager.accessToken)).data.ended).toBe(1);
  });

  it('a person without the permission to manage accounts cannot list anyone\'s sessions', async () => {
    const username = `desk_${randomBytes(3).toString('hex')}`;
    await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name: 'Desk', username, email: `${username}@example.test`, password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['Receptionist'],
    });
    const desk = await signIn(username);
    expect((await get(`/api/employees/${a.adminId}/sessions`, desk.accessToken)).statusCode).toBe(403);
    expect((await get('/api/sessions', desk.accessToken)).statusCode).toBe(200);
  });
});

describe('session fixation', () => {
  it('every sign-in gets a fresh session and tokens; a client cannot name its session; an access token from before a password change is refused', async () => {
    const p = await staff(a);
    const first = await signIn(p.username);
    const firstFamily = linkSessionOf(first.accessToken).familyId;
    // A client that tries to bring its own session (an old refresh token, a chosen id in a header) gets a new one.
    const second = await signIn(p.username, { 'x-session-id': firstFamily, cookie: `session=${firstFamily}` });
    const secondFamily = linkSessionOf(second.accessToken).familyId;
    expect(secondFamily).not.toBe(firstFamily);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const strict = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: p.username, password: TEST_PASSWORD, sessionId: firstFamily } });
    expect(strict.statusCode).not.toBe(200);

    const changed = await ctx.app.inject({
      method: 'PUT', url: '/api/profile/password', headers: auth(second.accessToken),
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'Another@456', confirmPassword: 'Another@456' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/profile', first.accessToken)).statusCode).toBe(401);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
  });
});

describe('idle timeout and absolute lifetime', () => {
  it('a session unused past the idle timeout is refused and shows as ended "idle"; one older than the lifetime as "expired"', async () => {
    const p = await staff(a);
    const idle = await signIn(p.username);
    const old = await signIn(p.username);
    const here = await signIn(p.username);
    const db = ctx.database.db;
    await db.update(signInSessions).set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(and(eq(signInSessions.companyId, a.companyId), eq(signInSessions.id, linkSessionOf(idle.accessToken).familyId)));
    await db.update(signInSessions).set({ createdAt: sql`now() - interval '13 hours'` })
      .where(and(eq(signInSessions.companyId, a.companyId), eq(signInSessions.id, linkSessionOf(old.accessToken).familyId)));
    ctx.app.callers.invalidateCompany(a.companyId);
    expect((await get('/api/profile', idle.accessToken)).statusCode).toBe(401);
    expect((await refresh(idle.refreshToken)).statusCode).toBe(401);
    expect((await get('/api/profile', old.accessToken)).statusCode).toBe(401);
    const list = body(await get('/api/sessions', here.accessToken)).data as Array<Record<string, unknown>>;
    expect(list.find((s) => s._id === linkSessionOf(idle.accessToken).familyId)).toMatchObject({ live: false, endReason: 'idle' });
    expect(list.find((s) => s._id === linkSessionOf(old.accessToken).familyId)).toMatchObject({ live: false, endReason: 'expired' });
    expect(list[0]).toMatchObject({ current: true, live: true });
  });

  it('the organisation sets its limits (admin only, within range, audited), leaving its second-factor rules as they are', async () => {
    const org = await createOrg(ctx);
    await ctx.database.db.insert(companySecurity).values({ companyId: org.companyId, stepUpMinutes: 7 });
    const put = (payload: object, token = org.token) =>
      ctx.app.inject({ method: 'PUT', url: '/api/organisation/security/sessions', headers: auth(token), payload });
    const bad = await put({ idleTimeoutMinutes: 4, absoluteLifetimeHours: 721 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(body(bad).message.fields)).toEqual(expect.arrayContaining(['idleTimeoutMinutes', 'absoluteLifetimeHours']));
    const ok = await put({ idleTimeoutMinutes: 5, absoluteLifetimeHours: 2 });
    expect(ok.statusCode).toBe(200);
    expect(body(ok).data).toEqual({ idleTimeoutMinutes: 5, absoluteLifetimeHours: 2 });
    const [row] = await ctx.database.db.select().from(companySecurity).where(eq(companySecurity.companyId, org.companyId));
    expect(row).toMatchObject({ stepUpMinutes: 7, idleTimeoutMinutes: 5, absoluteLifetimeHours: 2 });
    expect(body(await get('/api/sessions/rules', org.token)).data).toEqual({ idleTimeoutMinutes: 5, absoluteLifetimeHours: 2 });
    const p = await staff(a);
    const other = await signIn(p.username);
    expect((await put({ idleTimeoutMinutes: 60, absoluteLifetimeHours: 8 }, other.accessToken)).statusCode).toBe(200);
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.companyId, org.companyId), eq(auditLog.entity, 'session_policy')));
    expect(audit).toHaveLength(1);
  });

  it('a shorter idle timeout ends a session unused that long', async () => {
    const org = await createOrg(ctx);
    const res = await ctx.app.inject({
      method: 'PUT', url: '/api/organisation/security/sessions', headers: auth(org.token), payload: { idleTimeoutMinutes: 5, absoluteLifetimeHours: 12 },
    });
    expect(res.statusCode).toBe(200);
    await ctx.database.db.update(signInSessions).set({ lastSeenAt: sql`now() - interval '6 minutes'` }).where(eq(signInSessions.companyId, org.companyId));
    ctx.app.callers.invalidateCompany(org.companyId);
    expect((await get('/api/profile', org.token)).statusCode).toBe(401);
  });
});

describe('sign-in history and new devices', () => {
  it('the first sign-in from a new device is marked and e-mailed once; the first sign-in ever and a known device are not', async () => {
    const p = await staff(a);
    const mark = (m: string) => ({ 'x-clinic-device': m.padEnd(24, 'x') });
    await signIn(p.username, { ...mark('laptop'), 'user-agent': UA.chrome });
    await signIn(p.username, { ...mark('laptop'), 'user-agent': UA.chrome });
    await ctx.app.jobs.runDue(new Date(Date.now() + 1000));
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes(p.email))).toHaveLength(0);

    const phone = await signIn(p.username, { ...mark('phone'), 'user-agent': UA.iphone, 'accept-language': 'ar' });
    await signIn(p.username, { ...mark('phone'), 'user-agent': UA.iphone });
    await ctx.app.jobs.runDue(new Date(Date.now() + 1000));
    const mails = smtp.messages.filter((m) => JSON.stringify(m.to).includes(p.email));
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).toContain('Safari · iPhone');

    const history = body(await get('/api/sessions/history?limit=10', phone.accessToken)).data;
    expect(history.items).toHaveLength(4);
    expect(history.items.map((h: { newDevice: boolean }) => h.newDevice)).toEqual([false, true, false, false]);
    const rows = await ctx.database.db.select().from(signInHistory).where(and(eq(signInHistory.companyId, a.companyId), eq(signInHistory.employeeId, p.id)));
    expect(rows.filter((r) => r.newDevice)).toHaveLength(1);
    const adminView = body(await get(`/api/employees/${p.id}/sign-in-history?limit=2`, a.token)).data;
    expect(adminView).toMatchObject({ page: 1, limit: 2, hasMore: true });
  });
});
