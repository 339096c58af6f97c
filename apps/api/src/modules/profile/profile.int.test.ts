import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInSessions, totpFactors } from '../../db/schema/index.js';
import { createAccount } from '../organisation/provision.js';
import { codeAt } from '../two-factor/totp.js';
import { auth, body, createOrg, createTestContext, linkSessionOf, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';

let ctx: TestContext;
let a: TestOrg;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx);
  await createAccount(ctx.database.db, a.companyId, a.roleIds, {
    name: 'Fatima Zahra', username: 'p_nurse', email: 'p_nurse@a.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
  });
});
afterAll(() => ctx.close());

const change = (token: string, payload: unknown, lang?: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/profile/password', headers: auth(token, lang), payload: payload as Record<string, unknown> });

describe('GET /api/profile/details', () => {
  it('gives every signed-in user their own full record', async () => {
    const s = await login(ctx, 'p_nurse', TEST_PASSWORD);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile/details', headers: auth(s.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ name: 'Fatima Zahra', username: 'p_nurse', roleIds: [{ name: 'Nurse' }], lastLoginAt: expect.any(String) });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/details' })).statusCode).toBe(401);
  });
});

describe('PUT /api/profile/password', () => {
  it('checks the current password and the rules for the new one', async () => {
    const s = await login(ctx, 'p_nurse', TEST_PASSWORD);
    const wrong = await change(s.accessToken, { oldPassword: 'Nope@1234', newPassword: 'Fresh@Pass9', confirmPassword: 'Fresh@Pass9' });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).message.fields).toEqual({ oldPassword: 'The current password is incorrect' });
    const weak = await change(s.accessToken, { oldPassword: TEST_PASSWORD, newPassword: 'short', confirmPassword: 'short' });
    expect(body(weak).message.fields).toEqual({ newPassword: 'Password must be at least 8 characters.' });
    const mismatch = await change(s.accessToken, { oldPassword: TEST_PASSWORD, newPassword: 'Fresh@Pass9', confirmPassword: 'Fresh@Pass8' });
    expect(body(mismatch).message.fields).toEqual({ confirmPassword: 'Passwords do not match' });
    const ar = await change(s.accessToken, { oldPassword: TEST_PASSWORD, newPassword: 'Fresh@Pass9', confirmPassword: 'x' }, 'ar');
    expect(body(ar).message.fields).toEqual({ confirmPassword: 'كلمتا المرور غير متطابقتين' });
  });

  it('changes the password, ends the other sessions and keeps this one going with fresh tokens', async () => {
    const other = await login(ctx, 'p_nurse', TEST_PASSWORD);
    const current = await login(ctx, 'p_nurse', TEST_PASSWORD);
    const res = await change(current.accessToken, { oldPassword: TEST_PASSWORD, newPassword: 'Fresh@Pass9', confirmPassword: 'Fresh@Pass9' });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Your password has been changed. Other sessions were signed out.');
    const fresh = body(res).data as { accessToken: string; refreshToken: string };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(fresh.accessToken) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(other.accessToken) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: other.refreshToken } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: fresh.refreshToken } })).statusCode).toBe(200);
    const oldLogin = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'p_nurse', password: TEST_PASSWORD } });
    expect(oldLogin.statusCode).toBe(401);
    expect((await login(ctx, 'p_nurse', 'Fresh@Pass9')).accessToken).toBeTruthy();
  });

  it('holds parallel wrong guesses of the current password to the sign-in limit, then refuses the right one too', async () => {
    await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name: 'Guessed', username: 'p_guessed', email: 'p_guessed@a.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
    });
    const s = await login(ctx, 'p_guessed', TEST_PASSWORD);
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      change(s.accessToken, { oldPassword: `Guess@${1000 + i}`, newPassword: 'Fresh@Pass9', confirmPassword: 'Fresh@Pass9' })));
    const statuses = guesses.map((g) => g.statusCode);
    expect(statuses.filter((x) => x === 422).length).toBeLessThanOrEqual(ctx.config.loginMaxFailures);
    expect(statuses.filter((x) => x !== 422 && x !== 429)).toEqual([]);
    const right = await change(s.accessToken, { oldPassword: TEST_PASSWORD, newPassword: 'Fresh@Pass9', confirmPassword: 'Fresh@Pass9' });
    expect(right.statusCode).toBe(429);
    expect(body(right).message.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await login(ctx, 'p_guessed', TEST_PASSWORD)).accessToken).toBeTruthy();
  });

  it('is no proof of identity for someone with a second factor: the new sign-in is as verified as the old one, no more', async () => {
    await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name: 'Two Factors', username: 'p_factors', email: 'p_factors@a.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
    });
    const call = (method: 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
      ctx.app.inject({ method, url, ...(token && { headers: auth(token) }), ...(payload && { payload }) });
    const enrolling = (await login(ctx, 'p_factors', TEST_PASSWORD)).accessToken;
    const { secret } = body(await call('POST', '/api/security/two-factor/totp', enrolling)).data;
    expect((await call('POST', '/api/security/two-factor/totp/confirm', enrolling, { code: codeAt(secret) })).statusCode).toBe(200);
    // A sign-in with both factors, its proof then older than the step-up window (someone else holds it now).
    const ticket = body(await call('POST', '/api/auth/login', undefined, { email: 'p_factors', password: TEST_PASSWORD })).data.secondFactor.ticket;
    const employeeId = linkSessionOf(enrolling).employeeId;
    await ctx.database.db.update(totpFactors).set({ lastStep: null }).where(eq(totpFactors.employeeId, employeeId));
    const held = body(await call('POST', '/api/auth/second-factor/totp', undefined, { ticket, code: codeAt(secret) })).data.accessToken as string;
    const old = new Date(Date.now() - 60 * 60_000);
    await ctx.database.db.update(signInSessions).set({ verifiedAt: old }).where(eq(signInSessions.id, linkSessionOf(held).familyId));
    await call('PUT', '/api/security/second-factor-policy', a.token, { roleIds: [], stepUpMinutes: 15 });
    expect(body(await call('POST', '/api/security/step-up', held, { password: TEST_PASSWORD })).message.code).toBe('SECOND_FACTOR_NEEDED');

    const changed = await change(held, { oldPassword: TEST_PASSWORD, newPassword: 'Fresh@Pass9', confirmPassword: 'Fresh@Pass9' });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = body(changed).data.accessToken as string;
    // Still short of a step-up: no new recovery codes with the password alone.
    const codes = await call('POST', '/api/security/two-factor/recovery-codes', fresh);
    expect([codes.statusCode, body(codes).message.code]).toEqual([403, 'STEP_UP_REQUIRED']);
    const [row] = await ctx.database.db.select().from(signInSessions).where(eq(signInSessions.id, linkSessionOf(fresh).familyId));
    expect(row).toMatchObject({ method: 'password', secondFactor: 'totp', verifiedAt: old });
  });
});
