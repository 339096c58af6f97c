import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, companySecurity, employees, loginFailures, passkeys, recoveryCodes, signInHistory, signInSessions, totpFactors } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, linkSessionOf, login, signInStaff, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { SoftAuthenticator } from '../../test/soft-authenticator.js';
import { codeAt } from '../two-factor/totp.js';

const ORIGIN = 'https://clinic.example.test';
const RP_ID = 'clinic.example.test';

let ctx: TestContext;
let org: TestOrg;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: ORIGIN, loginMaxFailures: 4 });
  org = await createOrg(ctx);
});
afterAll(() => ctx.close());
// Each test starts below the sign-in throttle (all requests come from one address).
beforeEach(async () => { await db().delete(loginFailures); });

type Json = Record<string, unknown>;
const post = (url: string, payload?: Json, token?: string, lang?: string) =>
  ctx.app.inject({ method: 'POST', url, ...(payload && { payload }), headers: token ? auth(token, lang) : lang ? { 'accept-language': lang } : {} });
const data = (res: { json: () => unknown }) => (res.json() as { data: Json }).data;
const code = (res: { json: () => unknown }) => (res.json() as { message: { code: string } }).message.code;

let staffCount = 0;
async function staff(role = 'Nurse') {
  staffCount += 1;
  const username = `pk_staff${staffCount}`;
  const token = await signInStaff(ctx, org, { name: `Staff ${staffCount}`, username, email: `${username}@a.test`, employeeType: 'Nurse', roleNames: [role] });
  const [row] = await db().select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, org.companyId), eq(employees.username, username)));
  return { username, token, id: row!.id };
}

async function enrol(token: string, name = 'Laptop', key = new SoftAuthenticator(ORIGIN, RP_ID)) {
  const opts = data(await post('/api/passkeys/register/options', undefined, token)) as { challengeId: string; options: Json };
  const res = await post('/api/passkeys/register', { challengeId: opts.challengeId, name, response: key.register(opts.options) }, token);
  return { key, res, opts };
}

async function passwordless(key: SoftAuthenticator, over: { counter?: number } = {}) {
  const opts = data(await post('/api/auth/passkey/options')) as { challengeId: string; options: Json };
  const response = key.authenticate(opts.options, over);
  return { res: await post('/api/auth/passkey', { challengeId: opts.challengeId, response }), opts, response };
}

/** Runs `body` while the organisation requires receptionists to have a second factor. */
async function whileReceptionistsNeedAFactor(body: () => Promise<void>) {
  await db().insert(companySecurity).values({ companyId: org.companyId, secondFactorRoleIds: [org.roleIds.get('Receptionist')] })
    .onConflictDoUpdate({ target: companySecurity.companyId, set: { secondFactorRoleIds: [org.roleIds.get('Receptionist')] } });
  try {
    await body();
  } finally {
    await db().delete(companySecurity).where(eq(companySecurity.companyId, org.companyId));
  }
}

describe('registering and managing passkeys', () => {
  it('asks the person to prove who they are before removing a passkey, and keeps at most 20', async () => {
    const s = await staff();
    const first = await enrol(s.token, 'Laptop');
    expect(first.res.statusCode).toBe(200);
    const id = String(data(first.res).id);
    // The sign-in's proof is older than the organisation's step-up window.
    await db().update(signInSessions).set({ verifiedAt: new Date(Date.now() - 16 * 60_000) }).where(eq(signInSessions.id, linkSessionOf(s.token).familyId));
    await ctx.app.inject({ method: 'PUT', url: '/api/security/second-factor-policy', headers: auth(org.token), payload: { roleIds: [], stepUpMinutes: 15 } });
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/passkeys/${id}`, headers: auth(s.token) });
    expect(refused.statusCode).toBe(403);
    expect(code(refused)).toBe('STEP_UP_REQUIRED');
    expect(await db().select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, id))).toHaveLength(1);
    // Adding one asks for the same proof: the person steps up with the passkey they have.
    const up = data(await post('/api/passkeys/step-up/options', undefined, s.token)) as { challengeId: string; options: Json };
    expect((await post('/api/passkeys/step-up', { challengeId: up.challengeId, response: first.key.authenticate(up.options) }, s.token)).statusCode).toBe(200);

    // Nineteen more (20 in all): the next one is refused before any ceremony starts, in the person's language.
    await db().insert(passkeys).values(Array.from({ length: 19 }, (_, i) => ({
      companyId: org.companyId, employeeId: s.id, name: `Key ${i}`, credentialId: `limit-${s.id}-${i}`, publicKey: 'x', counter: 0, transports: [], deviceType: 'singleDevice', backedUp: false,
    })));
    const over = await post('/api/passkeys/register/options', undefined, s.token, 'ar');
    expect(over.statusCode).toBe(409);
    expect(code(over)).toBe('PASSKEY_LIMIT');
    expect(body(over).message.message).toContain('20');
  });

  it('keeps several named passkeys, excludes the existing ones from new options, renames and removes (audited)', async () => {
    const s = await staff();
    const first = await enrol(s.token, 'Work laptop');
    expect(first.res.statusCode).toBe(200);
    expect(first.opts.options).toMatchObject({ rp: { id: RP_ID }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    const second = await enrol(s.token, 'Phone');
    expect(second.opts.options.excludeCredentials).toEqual([expect.objectContaining({ id: first.key.credentialId })]);
    const list = data(await ctx.app.inject({ method: 'GET', url: '/api/passkeys', headers: auth(s.token) })) as unknown as Array<Json>;
    expect(list.map((p) => p.name)).toEqual(['Work laptop', 'Phone']);
    expect(list[0]).toMatchObject({ lastUsedAt: null, createdAt: expect.any(String) });

    const id = String(list[1]!.id);
    const renamed = await ctx.app.inject({ method: 'PATCH', url: `/api/passkeys/${id}`, headers: auth(s.token), payload: { name: 'Old phone' } });
    expect(data(renamed)).toMatchObject({ name: 'Old phone' });
    const blank = await ctx.app.inject({ method: 'PATCH', url: `/api/passkeys/${id}`, headers: auth(s.token, 'ar'), payload: { name: '  ' } });
    expect(blank.statusCode).toBe(422);
    expect(body(blank).message.fields).toEqual({ name: 'أدخل اسمًا لمفتاح المرور.' });

    // Another person can neither rename nor remove it.
    const other = await staff();
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/passkeys/${id}`, headers: auth(other.token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/passkeys/${id}`, headers: auth(other.token), payload: { name: 'Mine' } })).statusCode).toBe(404);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/passkeys/${id}`, headers: auth(s.token) });
    expect(body(removed).message).toBe('Passkey removed.');
    const left = data(await ctx.app.inject({ method: 'GET', url: '/api/passkeys', headers: auth(s.token) })) as unknown as Array<Json>;
    expect(left.map((p) => p.name)).toEqual(['Work laptop']);
    const audit = await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.companyId, org.companyId), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['passkey_added', 'passkey_removed', 'passkey_renamed']);
  });

  it('refuses an answer from another origin, a replayed challenge, a challenge of another purpose and a credential already registered', async () => {
    const s = await staff();
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const opts = data(await post('/api/passkeys/register/options', undefined, s.token)) as { challengeId: string; options: Json };
    const phishing = await post('/api/passkeys/register', { challengeId: opts.challengeId, name: 'X', response: key.register(opts.options, { origin: 'https://clinic.evil.test' }) }, s.token);
    expect([phishing.statusCode, code(phishing)]).toEqual([400, 'PASSKEY_NOT_VERIFIED']);
    // The challenge was spent by that try: the right answer to it is refused too.
    const replay = await post('/api/passkeys/register', { challengeId: opts.challengeId, name: 'X', response: key.register(opts.options) }, s.token);
    expect([replay.statusCode, code(replay)]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID']);
    // A sign-in challenge does not register anything.
    const signIn = data(await post('/api/auth/passkey/options')) as { challengeId: string; options: Json };
    const wrongPurpose = await post('/api/passkeys/register', { challengeId: signIn.challengeId, name: 'X', response: key.register(signIn.options) }, s.token);
    expect(code(wrongPurpose)).toBe('PASSKEY_CHALLENGE_INVALID');
    expect(await db().select().from(passkeys).where(eq(passkeys.employeeId, s.id))).toEqual([]);

    expect((await enrol(s.token, 'Key', key)).res.statusCode).toBe(200);
    const again = await enrol((await staff()).token, 'Same key', key);
    expect([again.res.statusCode, code(again.res)]).toEqual([409, 'PASSKEY_ALREADY_REGISTERED']);
  });

  it('never enrols a passkey for another person: a challenge is the caller\'s own and no route names a person', async () => {
    const victim = await staff();
    const attacker = await staff();
    const key = new SoftAuthenticator(ORIGIN, RP_ID);
    const opts = data(await post('/api/passkeys/register/options', undefined, victim.token)) as { challengeId: string; options: Json };
    const hijack = await post('/api/passkeys/register', { challengeId: opts.challengeId, name: 'Mine now', response: key.register(opts.options) }, attacker.token);
    expect(code(hijack)).toBe('PASSKEY_CHALLENGE_INVALID');
    // An employee id in the body is refused as an unknown field; without it the passkey is the caller's.
    const own = data(await post('/api/passkeys/register/options', undefined, attacker.token)) as { challengeId: string; options: Json };
    const named = await post('/api/passkeys/register', { challengeId: own.challengeId, name: 'K', employeeId: victim.id, response: key.register(own.options) }, attacker.token);
    expect(named.statusCode).toBe(422);
    expect(named.json().message.fields).toEqual({ employeeId: 'Unknown field' });
    const again = data(await post('/api/passkeys/register/options', undefined, attacker.token)) as { challengeId: string; options: Json };
    const res = await post('/api/passkeys/register', { challengeId: again.challengeId, name: 'K', response: key.register(again.options) }, attacker.token);
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(passkeys).where(eq(passkeys.employeeId, victim.id))).toEqual([]);
  });

  it('asks for a step-up before adding a passkey: a token past the window adds none until the person proves who they are', async () => {
    const s = await staff();
    const session = linkSessionOf(s.token).familyId;
    const verifiedAt = async (at: Date) => {
      await db().update(signInSessions).set({ verifiedAt: at }).where(eq(signInSessions.id, session));
      ctx.app.callers.invalidateCompany(org.companyId);
    };
    // A stolen access token whose sign-in proved itself longer ago than the step-up window.
    await verifiedAt(new Date(Date.now() - 16 * 60_000));
    const options = await post('/api/passkeys/register/options', undefined, s.token, 'ar');
    expect([options.statusCode, code(options)]).toEqual([403, 'STEP_UP_REQUIRED']);
    // Options asked within the window, the answer sent after it: refused too, and nothing is kept.
    await verifiedAt(new Date());
    const opts = data(await post('/api/passkeys/register/options', undefined, s.token)) as { challengeId: string; options: Json };
    const answer = { challengeId: opts.challengeId, name: 'Attacker key', response: new SoftAuthenticator(ORIGIN, RP_ID).register(opts.options) };
    await verifiedAt(new Date(Date.now() - 16 * 60_000));
    const late = await post('/api/passkeys/register', answer, s.token);
    expect([late.statusCode, code(late)]).toEqual([403, 'STEP_UP_REQUIRED']);
    expect(await db().select().from(passkeys).where(eq(passkeys.employeeId, s.id))).toEqual([]);
    // The person proves who they are (no second factor: the password); the refused answer, sent again, is kept.
    expect((await post('/api/security/step-up', { password: TEST_PASSWORD }, s.token)).statusCode).toBe(200);
    const kept = await post('/api/passkeys/register', answer, s.token);
    expect(kept.statusCode).toBe(200);
    expect(await db().select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.employeeId, s.id))).toHaveLength(1);
  });

  it('releases a session held to enrolment once the person adds a passkey as their second factor', () => whileReceptionistsNeedAFactor(async () => {
    const s = await staff('Receptionist');
    const held = await ctx.app.inject({ method: 'GET', url: '/api/patients', headers: auth(s.token) });
    expect(code(held)).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    // The held session has proved nothing yet (no step-up is open to it), and still adds its first passkey.
    const [row] = await db().select({ verifiedAt: signInSessions.verifiedAt }).from(signInSessions).where(eq(signInSessions.id, linkSessionOf(s.token).familyId));
    expect(row!.verifiedAt).toBeNull();
    expect((await enrol(s.token, 'Front desk key')).res.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/patients', headers: auth(s.token) })).statusCode).toBe(200);
  }));
});

describe('a session held to enrolment once the person has a factor from elsewhere', () => {
  it('adds no passkey without a step-up: neither options nor an answer to options it asked for before', () => whileReceptionistsNeedAFactor(async () => {
    const s = await staff('Receptionist');
    // Another sign-in with the password alone (someone who has it): held to enrolment too, and asks for options now.
    const other = await login(ctx, s.username, TEST_PASSWORD);
    expect(other.user.enrolmentRequired).toBe(true);
    const early = data(await post('/api/passkeys/register/options', undefined, other.accessToken)) as { challengeId: string; options: Json };
    // The person adds their passkey in their own session.
    expect((await enrol(s.token, 'My key')).res.statusCode).toBe(200);
    // The other session is still held (it proved no factor), but its exemption went with the person's lack of one.
    const options = await post('/api/passkeys/register/options', undefined, other.accessToken);
    expect(options.statusCode).toBe(403);
    expect(code(options)).toBe('STEP_UP_REQUIRED');
    const intruder = new SoftAuthenticator(ORIGIN, RP_ID);
    const late = await post('/api/passkeys/register', { challengeId: early.challengeId, name: 'Not mine', response: intruder.register(early.options) }, other.accessToken);
    expect(late.statusCode).toBe(403);
    expect(code(late)).toBe('STEP_UP_REQUIRED');
    expect(await db().select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.employeeId, s.id))).toHaveLength(1);
    expect(code((await passwordless(intruder)).res)).toBe('PASSKEY_NOT_ACCEPTED');
    expect(code(await ctx.app.inject({ method: 'GET', url: '/api/patients', headers: auth(other.accessToken) }))).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
  }));

  it('is released by a step-up with the person\'s passkey, as if it had signed in with it; a stranger\'s key releases nothing', () => whileReceptionistsNeedAFactor(async () => {
    const s = await staff('Receptionist');
    const other = await login(ctx, s.username, TEST_PASSWORD);
    const { key } = await enrol(s.token, 'My key');
    const stranger = new SoftAuthenticator(ORIGIN, RP_ID);
    const first = data(await post('/api/passkeys/step-up/options', undefined, other.accessToken)) as { challengeId: string; options: Json };
    expect(code(await post('/api/passkeys/step-up', { challengeId: first.challengeId, response: stranger.authenticate(first.options) }, other.accessToken))).toBe('PASSKEY_NOT_ACCEPTED');
    expect(code(await ctx.app.inject({ method: 'GET', url: '/api/patients', headers: auth(other.accessToken) }))).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    const opts = data(await post('/api/passkeys/step-up/options', undefined, other.accessToken)) as { challengeId: string; options: Json };
    expect((await post('/api/passkeys/step-up', { challengeId: opts.challengeId, response: key.authenticate(opts.options) }, other.accessToken)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/patients', headers: auth(other.accessToken) })).statusCode).toBe(200);
    const [row] = await db().select({ held: signInSessions.enrolmentRequired, secondFactor: signInSessions.secondFactor })
      .from(signInSessions).where(eq(signInSessions.id, linkSessionOf(other.accessToken).familyId));
    expect(row).toEqual({ held: false, secondFactor: 'passkey' });
  }));
});

describe('recovery codes and the last factor', () => {
  const codesLeft = async (token: string) =>
    (data(await ctx.app.inject({ method: 'GET', url: '/api/security/two-factor', headers: auth(token) })) as { recoveryCodesLeft: number; passkeys: number });
  const freshCode = async (employeeId: string, secret: string) => {
    await db().update(totpFactors).set({ lastStep: null }).where(eq(totpFactors.employeeId, employeeId));
    return codeAt(secret);
  };

  it('go with the last passkey when the authenticator is off, and do not come back with the next passkey', async () => {
    const s = await staff();
    const { secret } = data(await post('/api/security/two-factor/totp', undefined, s.token)) as { secret: string };
    const confirmed = data(await post('/api/security/two-factor/totp/confirm', { code: await freshCode(s.id, secret) }, s.token)) as { recoveryCodes: string[] };
    expect(confirmed.recoveryCodes).toHaveLength(10);
    const first = await enrol(s.token, 'Laptop');
    expect(first.res.statusCode).toBe(200);
    // The authenticator goes: the passkey is still a factor, so the codes stay.
    expect((await post('/api/security/two-factor/totp/disable', { password: TEST_PASSWORD, code: await freshCode(s.id, secret) }, s.token)).statusCode).toBe(200);
    expect(await codesLeft(s.token)).toMatchObject({ passkeys: 1, recoveryCodesLeft: 10 });
    // The last passkey goes: no factor is left, and the codes go with it.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/passkeys/${String(data(first.res).id)}`, headers: auth(s.token) })).statusCode).toBe(200);
    expect(await codesLeft(s.token)).toMatchObject({ passkeys: 0, recoveryCodesLeft: 0 });
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.employeeId, s.id))).toEqual([]);
    // A new passkey later: an old code is no second step.
    expect((await enrol(s.token, 'New phone')).res.statusCode).toBe(200);
    const answer = data(await post('/api/auth/login', { email: s.username, password: TEST_PASSWORD })) as { secondFactor: { ticket: string; methods: string[] } };
    expect(answer.secondFactor.methods).toEqual(['passkey']);
    const old = await post('/api/auth/second-factor/recovery', { ticket: answer.secondFactor.ticket, code: confirmed.recoveryCodes[3] });
    expect(code(old)).toBe('SECOND_FACTOR_CODE_INVALID');
  });

  it('stay while another factor is left: removing one of two passkeys keeps them', async () => {
    const s = await staff();
    const first = await enrol(s.token, 'Laptop');
    expect((await enrol(s.token, 'Phone')).res.statusCode).toBe(200);
    expect((await post('/api/security/two-factor/recovery-codes', undefined, s.token)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/passkeys/${String(data(first.res).id)}`, headers: auth(s.token) })).statusCode).toBe(200);
    expect(await codesLeft(s.token)).toMatchObject({ passkeys: 1, recoveryCodesLeft: 10 });
  });
});

describe('passwordless sign-in', () => {
  it('signs in with the passkey alone, a session of method passkey, its use recorded', async () => {
    const s = await staff();
    const { key } = await enrol(s.token);
    const { res, opts } = await passwordless(key);
    expect(opts.options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(opts.options.allowCredentials ?? []).toEqual([]);
    expect(res.statusCode).toBe(200);
    const signedIn = data(res) as { accessToken: string };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(signedIn.accessToken) })).statusCode).toBe(200);
    const sessions = await db().select().from(signInSessions).where(and(eq(signInSessions.employeeId, s.id), eq(signInSessions.method, 'passkey')));
    expect(sessions).toEqual([expect.objectContaining({ secondFactor: 'passkey', enrolmentRequired: false })]);
    const [row] = await db().select().from(passkeys).where(eq(passkeys.credentialId, key.credentialId));
    expect(row).toMatchObject({ counter: 1, lastUsedAt: expect.any(Date) });
    const history = await db().select({ result: signInHistory.result }).from(signInHistory)
      .where(and(eq(signInHistory.employeeId, s.id), eq(signInHistory.method, 'passkey')));
    expect(history.map((h) => h.result)).toEqual(['success']);
  });

  it('refuses a replayed answer, a rolled-back counter (audited), an unknown passkey and a deactivated person', async () => {
    const s = await staff();
    const { key } = await enrol(s.token);
    const first = await passwordless(key);
    expect(first.res.statusCode).toBe(200);
    const replay = await post('/api/auth/passkey', { challengeId: first.opts.challengeId, response: first.response });
    expect(code(replay)).toBe('PASSKEY_CHALLENGE_INVALID');

    expect((await passwordless(key, { counter: 5 })).res.statusCode).toBe(200);
    const cloned = await passwordless(key, { counter: 3 });
    expect([cloned.res.statusCode, code(cloned.res)]).toEqual([401, 'PASSKEY_NOT_ACCEPTED']);
    const rollback = await db().select({ changes: auditLog.changes }).from(auditLog)
      .where(and(eq(auditLog.actorId, s.id), eq(auditLog.action, 'passkey_counter_rollback')));
    expect(rollback).toEqual([{ changes: { stored: 5, presented: 3 } }]);

    const stranger = new SoftAuthenticator(ORIGIN, RP_ID);
    stranger.userHandle = key.userHandle;
    expect(code((await passwordless(stranger)).res)).toBe('PASSKEY_NOT_ACCEPTED');

    await db().update(employees).set({ isActive: false }).where(and(eq(employees.companyId, org.companyId), eq(employees.id, s.id)));
    const inactive = await passwordless(key, { counter: 10 });
    expect([inactive.res.statusCode, code(inactive.res)]).toEqual([403, 'ACCOUNT_INACTIVE']);
    const history = await db().select({ result: signInHistory.result }).from(signInHistory)
      .where(and(eq(signInHistory.employeeId, s.id), eq(signInHistory.method, 'passkey')));
    expect(history.map((h) => h.result).sort()).toEqual(['bad_second_factor', 'inactive', 'success', 'success']);
  });
});

describe('passwordless sign-in while the organisation signs in through its provider', () => {
  it('is refused like a password (403 PASSWORD_SIGN_IN_OFF, with a history row), except for the break-glass administrator', async () => {
    const s = await staff();
    const { key } = await enrol(s.token);
    await db().insert(companySecurity).values({ companyId: org.companyId, passwordSignIn: false, breakGlassEmployeeId: org.adminId })
      .onConflictDoUpdate({ target: companySecurity.companyId, set: { passwordSignIn: false, breakGlassEmployeeId: org.adminId } });
    try {
      const refused = await passwordless(key);
      expect([refused.res.statusCode, code(refused.res)]).toEqual([403, 'PASSWORD_SIGN_IN_OFF']);
      const history = await db().select({ result: signInHistory.result }).from(signInHistory)
        .where(and(eq(signInHistory.employeeId, s.id), eq(signInHistory.method, 'passkey')));
      expect(history.map((h) => h.result)).toEqual(['password_sign_in_off']);
      expect(await db().select().from(signInSessions).where(and(eq(signInSessions.employeeId, s.id), eq(signInSessions.method, 'passkey')))).toEqual([]);
    } finally {
      await db().update(companySecurity).set({ passwordSignIn: true, breakGlassEmployeeId: null }).where(eq(companySecurity.companyId, org.companyId));
    }
    expect((await passwordless(key, { counter: 10 })).res.statusCode).toBe(200);
  });
});

describe('a passkey as the second step of a password sign-in', () => {
  it('answers a ticket, offers only that person\'s passkeys, and signs in with one of them', async () => {
    const s = await staff();
    const { key } = await enrol(s.token);
    const other = await enrol((await staff()).token);
    const answer = data(await post('/api/auth/login', { email: s.username, password: TEST_PASSWORD })) as { secondFactor: { ticket: string; methods: string[] } };
    expect(answer.secondFactor.methods).toContain('passkey');
    const { ticket } = answer.secondFactor;

    const opts = data(await post('/api/auth/second-factor/passkey/options', { ticket })) as { challengeId: string; options: Json };
    expect(opts.options.allowCredentials).toEqual([expect.objectContaining({ id: key.credentialId })]);
    // Another person's passkey does not answer for this one.
    const foreign = await post('/api/auth/second-factor/passkey', { ticket, challengeId: opts.challengeId, response: other.key.authenticate(opts.options) });
    expect(code(foreign)).toBe('PASSKEY_NOT_ACCEPTED');
    // A passwordless challenge is not this step's.
    const loose = data(await post('/api/auth/passkey/options')) as { challengeId: string; options: Json };
    const mixed = await post('/api/auth/second-factor/passkey', { ticket, challengeId: loose.challengeId, response: key.authenticate(loose.options) });
    expect(code(mixed)).toBe('PASSKEY_CHALLENGE_INVALID');

    const again = data(await post('/api/auth/second-factor/passkey/options', { ticket })) as { challengeId: string; options: Json };
    const ok = await post('/api/auth/second-factor/passkey', { ticket, challengeId: again.challengeId, response: key.authenticate(again.options) });
    expect(ok.statusCode).toBe(200);
    expect(data(ok)).toMatchObject({ accessToken: expect.any(String) });
    // The ticket is spent.
    const spent = await post('/api/auth/second-factor/passkey/options', { ticket });
    expect(code(spent)).toBe('SECOND_FACTOR_TICKET_INVALID');
    const sessions = await db().select().from(signInSessions).where(and(eq(signInSessions.employeeId, s.id), eq(signInSessions.method, 'password')));
    expect(sessions.filter((x) => x.secondFactor === 'passkey')).toHaveLength(1);
  });
});

describe('step-up with a passkey', () => {
  it('marks the session verified with the caller\'s own passkey, never with another person\'s', async () => {
    const s = await staff();
    const { key } = await enrol(s.token);
    const mallory = await staff();
    const malloryKey = (await enrol(mallory.token)).key;
    // A person with a passkey signs in with a password in two steps; with the passkey alone in one.
    expect(await login(ctx, s.username, TEST_PASSWORD)).toHaveProperty('secondFactor');
    const signedIn = data((await passwordless(key)).res) as { accessToken: string };
    const old = new Date(Date.now() - 3_600_000);
    await db().update(signInSessions).set({ verifiedAt: old }).where(eq(signInSessions.employeeId, s.id));
    const verifiedAt = async () => (await db().select({ v: signInSessions.verifiedAt }).from(signInSessions)
      .where(and(eq(signInSessions.employeeId, s.id), eq(signInSessions.method, 'passkey'))))[0]!.v!.getTime();

    const opts = data(await post('/api/passkeys/step-up/options', undefined, signedIn.accessToken)) as { challengeId: string; options: Json };
    expect(opts.options.allowCredentials).toEqual([expect.objectContaining({ id: key.credentialId })]);
    const foreign = await post('/api/passkeys/step-up', { challengeId: opts.challengeId, response: malloryKey.authenticate(opts.options) }, signedIn.accessToken);
    expect(code(foreign)).toBe('PASSKEY_NOT_ACCEPTED');
    expect(await verifiedAt()).toBe(old.getTime());
    // Mallory's own step-up challenge does not confirm Mallory with the victim's session either.
    const theirs = data(await post('/api/passkeys/step-up/options', undefined, mallory.token)) as { challengeId: string; options: Json };
    const crossed = await post('/api/passkeys/step-up', { challengeId: theirs.challengeId, response: key.authenticate(theirs.options) }, signedIn.accessToken);
    expect(code(crossed)).toBe('PASSKEY_CHALLENGE_INVALID');

    const again = data(await post('/api/passkeys/step-up/options', undefined, signedIn.accessToken)) as { challengeId: string; options: Json };
    const ok = await post('/api/passkeys/step-up', { challengeId: again.challengeId, response: key.authenticate(again.options) }, signedIn.accessToken);
    expect(ok.statusCode).toBe(200);
    expect(await verifiedAt()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('throttling', () => {
  it('holds failed passwordless attempts from one address to the sign-in limit', async () => {
    const s = await staff();
    const { key } = await enrol(s.token);
    const stranger = new SoftAuthenticator(ORIGIN, RP_ID);
    for (let i = 0; i < 4; i += 1) expect(code((await passwordless(stranger)).res)).toBe('PASSKEY_NOT_ACCEPTED');
    const held = await passwordless(key);
    expect([held.res.statusCode, code(held.res)]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
  });
});
