import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, recoveryCodes, signInHistory, signInSessions, totpFactors } from '../../db/schema/index.js';
import { open, seal } from '../../lib/secret-box.js';
import { auth, body, contextWithOrg, linkSessionOf, login, signInStaff, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { codeAt } from './totp.js';

/*
 * Authenticator codes and recovery codes as an attacker would try them: replayed codes, guessed codes and recovery
 * codes (the sign-in throttle), a ticket used twice or with another person's code, a factor enrolled for someone
 * else, the enrolment gate, and step-up after the organisation's window.
 */

let ctx: TestContext;
let org: TestOrg;
beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method, url, remoteAddress, ...(token && { headers: auth(token) }), ...(payload && { payload }) });
const passwordStep = (username: string, remoteAddress = '127.0.0.1') =>
  call('POST', '/api/auth/login', undefined, { email: username, password: TEST_PASSWORD }, remoteAddress);

let seq = 0;
async function staff(roleNames = ['Receptionist']): Promise<{ username: string; token: string; id: string }> {
  seq += 1;
  const username = `mfa.user${seq}`;
  const token = await signInStaff(ctx, org, { name: `Mfa User ${seq}`, username, email: `${username}@example.test`, employeeType: 'Employee', roleNames });
  return { username, token, id: linkSessionOf(token).employeeId };
}

/** Enrols the caller's authenticator: its secret and recovery codes. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await call('POST', '/api/security/two-factor/totp', token);
  expect(started.statusCode).toBe(200);
  const { secret, qrSvg, otpauthUrl } = body(started).data;
  expect(qrSvg).toContain('<svg');
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const confirmed = await call('POST', '/api/security/two-factor/totp/confirm', token, { code: codeAt(secret) });
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: body(confirmed).data.recoveryCodes };
}

/** A code the server has not seen yet (the last accepted step forgotten), for checks that are not about replay. */
async function freshCode(employeeId: string, secret: string): Promise<string> {
  await ctx.database.db.update(totpFactors).set({ lastStep: null }).where(eq(totpFactors.employeeId, employeeId));
  return codeAt(secret);
}

async function ticketOf(username: string, remoteAddress?: string): Promise<string> {
  const res = await passwordStep(username, remoteAddress);
  expect(res.statusCode).toBe(200);
  return body(res).data.secondFactor.ticket;
}

/** Runs `body` while the organisation requires nurses to have a second factor. */
async function whileNursesNeedAFactor(body: () => Promise<void>) {
  const role = org.roleIds.get('Nurse')!;
  expect((await call('PUT', '/api/security/second-factor-policy', org.token, { roleIds: [role], stepUpMinutes: 15 })).statusCode).toBe(200);
  try {
    await body();
  } finally {
    await call('PUT', '/api/security/second-factor-policy', org.token, { roleIds: [], stepUpMinutes: 15 });
  }
}

const historyOf = async (employeeId: string) =>
  (await ctx.database.db.select({ result: signInHistory.result }).from(signInHistory).where(eq(signInHistory.employeeId, employeeId))).map((r) => r.result);

describe('enrolling an authenticator app', () => {
  it('keeps the secret encrypted, turns on with a first code, answers ten recovery codes, then asks for a code at sign-in', async () => {
    const u = await staff();
    const wrong = await call('POST', '/api/security/two-factor/totp/confirm', u.token, { code: '000000' });
    expect(body(wrong).message.code).toBe('TOTP_NOT_STARTED');
    const { secret, recoveryCodes } = await enrol(u.token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await ctx.database.db.select().from(totpFactors).where(eq(totpFactors.employeeId, u.id));
    expect(row!.secretEnc).not.toContain(secret);
    expect(open(ctx.config.jwtSecret, 'totp', row!.secretEnc)).toBe(secret);
    expect(body(await call('GET', '/api/security/two-factor', u.token)).data).toMatchObject({ totp: { state: 'on' }, recoveryCodesLeft: 10 });
    expect(body(await call('POST', '/api/security/two-factor/totp', u.token)).message.code).toBe('TOTP_ALREADY_ON');

    const answer = body(await passwordStep(u.username)).data;
    expect(answer.accessToken).toBeUndefined();
    expect(answer.secondFactor.methods).toEqual(['totp', 'recovery']);
    const signedIn = await call('POST', '/api/auth/second-factor/totp', undefined, { ticket: answer.secondFactor.ticket, code: await freshCode(u.id, secret) });
    expect(signedIn.statusCode).toBe(200);
    expect(body(signedIn).data.user.username).toBe(u.username);
    const [session] = await ctx.database.db.select().from(signInSessions).where(eq(signInSessions.id, linkSessionOf(body(signedIn).data.accessToken).familyId));
    expect(session!.secondFactor).toBe('totp');
  });

  it('acts only on the caller\'s own factor: no route takes a person, and another person\'s code does not open a ticket', async () => {
    const a = await staff();
    const b = await staff();
    const bFactor = await enrol(b.token);
    // A asks to enrol "for B": the body is refused, and A's own request never touches B's factor.
    expect((await call('POST', '/api/security/two-factor/totp/confirm', a.token, { code: '123456', employeeId: b.id })).statusCode).toBe(422);
    await call('POST', '/api/security/two-factor/totp', a.token);
    const [bRow] = await ctx.database.db.select().from(totpFactors).where(eq(totpFactors.employeeId, b.id));
    expect(open(ctx.config.jwtSecret, 'totp', bRow!.secretEnc)).toBe(bFactor.secret);
    expect(bRow!.confirmedAt).not.toBeNull();
    // A's ticket with B's valid code, or B's recovery code, signs nobody in (and spends nothing of B's).
    await enrol(a.token);
    const ticket = await ticketOf(a.username);
    const withB = await call('POST', '/api/auth/second-factor/totp', undefined, { ticket, code: await freshCode(b.id, bFactor.secret) });
    expect(body(withB).message.code).toBe('SECOND_FACTOR_CODE_INVALID');
    const withBRecovery = await call('POST', '/api/auth/second-factor/recovery', undefined, { ticket, code: bFactor.recoveryCodes[0] });
    expect(body(withBRecovery).message.code).toBe('SECOND_FACTOR_CODE_INVALID');
    expect(body(await call('GET', '/api/security/two-factor', b.token)).data.recoveryCodesLeft).toBe(10);
  });
});

describe('the sign-in second step under attack', () => {
  it('refuses a code replayed in its window, a ticket used twice, and a recovery code used twice', async () => {
    const u = await staff();
    const { secret, recoveryCodes } = await enrol(u.token);
    const code = await freshCode(u.id, secret);
    const ticket = await ticketOf(u.username);
    expect((await call('POST', '/api/auth/second-factor/totp', undefined, { ticket, code })).statusCode).toBe(200);
    // The same code again, on a new ticket within its 30 seconds: refused.
    const replay = await call('POST', '/api/auth/second-factor/totp', undefined, { ticket: await ticketOf(u.username), code });
    expect(replay.statusCode).toBe(422);
    expect(body(replay).message.code).toBe('SECOND_FACTOR_CODE_INVALID');
    expect(await historyOf(u.id)).toContain('bad_second_factor');
    // The spent ticket, even with a fresh right code: refused.
    const again = await call('POST', '/api/auth/second-factor/totp', undefined, { ticket, code: await freshCode(u.id, secret) });
    expect(again.statusCode).toBe(401);
    expect(body(again).message.code).toBe('SECOND_FACTOR_TICKET_INVALID');
    // A recovery code signs in once (typed in capitals, without its dash).
    const typed = recoveryCodes[0]!.replace('-', '').toUpperCase();
    expect((await call('POST', '/api/auth/second-factor/recovery', undefined, { ticket: await ticketOf(u.username), code: typed })).statusCode).toBe(200);
    const reused = await call('POST', '/api/auth/second-factor/recovery', undefined, { ticket: await ticketOf(u.username), code: recoveryCodes[0] });
    expect(body(reused).message.code).toBe('SECOND_FACTOR_CODE_INVALID');
    expect(body(await call('GET', '/api/security/two-factor', u.token)).data.recoveryCodesLeft).toBe(9);
  });

  it('says so when the authenticator cannot be read on this server (its secret sealed under another), and a recovery code still signs in', async () => {
    const u = await staff();
    const { secret, recoveryCodes } = await enrol(u.token);
    await ctx.database.db.update(totpFactors).set({ secretEnc: seal('another server secret', 'totp', secret) }).where(eq(totpFactors.employeeId, u.id));
    const refused = await ctx.app.inject({
      method: 'POST', url: '/api/auth/second-factor/totp', headers: { 'accept-language': 'ar' },
      payload: { ticket: await ticketOf(u.username), code: await freshCode(u.id, secret) },
    });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toMatchObject({ code: 'TOTP_UNREADABLE', message: expect.stringContaining('رمز استرداد') });
    expect((await call('POST', '/api/auth/second-factor/recovery', undefined, { ticket: await ticketOf(u.username), code: recoveryCodes[0] })).statusCode).toBe(200);
  });

  it('counts guessed codes and recovery codes toward the sign-in throttle: past the limit even the right code and the password are refused', async () => {
    const u = await staff();
    const { secret, recoveryCodes } = await enrol(u.token);
    const ip = '10.33.0.1';
    let ticket = await ticketOf(u.username, ip);
    const statuses: number[] = [];
    for (let i = 0; i < ctx.config.loginMaxFailures; i += 1) {
      // A ticket allows five tries: the attacker, who has the password, asks for another.
      if (i % 5 === 0 && i > 0) ticket = await ticketOf(u.username, ip);
      const guess = i % 2 ? { url: '/api/auth/second-factor/recovery', code: 'aaaaa-bbbbb' } : { url: '/api/auth/second-factor/totp', code: String(100000 + i) };
      statuses.push((await call('POST', guess.url, undefined, { ticket, code: guess.code }, ip)).statusCode);
    }
    expect(statuses.every((s) => s === 422)).toBe(true);
    // The limit is reached: the password step is refused, and so is the right code on a ticket still open.
    expect((await passwordStep(u.username, ip)).statusCode).toBe(429);
    const fresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.33.0.2', payload: { email: u.username, password: TEST_PASSWORD } });
    const other = body(fresh).data.secondFactor.ticket as string;
    const right = await call('POST', '/api/auth/second-factor/totp', undefined, { ticket: other, code: await freshCode(u.id, secret) }, ip);
    // The ticket was opened from another address, but the guesses came from this one: still refused here.
    expect(right.statusCode).toBe(429);
    const rightRecovery = await call('POST', '/api/auth/second-factor/recovery', undefined, { ticket: other, code: recoveryCodes[1] }, ip);
    expect(rightRecovery.statusCode).toBe(429);
    expect(await historyOf(u.id)).toContain('throttled');
  });
});

describe('guessing from many addresses', () => {
  it('caps wrong codes per account across all addresses: past the cap a new address, the right code and a step-up are refused', async () => {
    const u = await staff();
    const { secret } = await enrol(u.token);
    const cap = ctx.config.secondFactorMaxFailures;
    let ticket = '';
    for (let i = 0; i < cap; i += 1) {
      // One guess per address: each address stays far below its own limit.
      const ip = `10.44.${Math.floor(i / 200)}.${(i % 200) + 1}`;
      if (i % 5 === 0) ticket = await ticketOf(u.username, ip);
      const guess = await call('POST', '/api/auth/second-factor/totp', undefined, { ticket, code: String(100000 + i) }, ip);
      expect(guess.statusCode).toBe(422);
    }
    // A fresh address still passes the password step (its own limit), but the next code is refused, translated.
    const fresh = await ticketOf(u.username, '10.45.0.1');
    const refused = await ctx.app.inject({
      method: 'POST', url: '/api/auth/second-factor/totp', remoteAddress: '10.45.0.1', headers: { 'accept-language': 'ar' }, payload: { ticket: fresh, code: '123456' },
    });
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message.code).toBe('TOO_MANY_ATTEMPTS');
    expect(body(refused).message.message).toBe(`محاولات دخول فاشلة كثيرة. يرجى المحاولة بعد ${ctx.config.loginWindowMinutes} دقيقة.`);
    // While locked, the right code from yet another address is refused too, and so is a step-up with it.
    const right = await call('POST', '/api/auth/second-factor/totp', undefined, { ticket: await ticketOf(u.username, '10.45.0.2'), code: await freshCode(u.id, secret) }, '10.45.0.2');
    expect(right.statusCode).toBe(429);
    expect(body(right).message.message).toBe(`Too many failed sign-in attempts. Please try again in ${ctx.config.loginWindowMinutes} minutes.`);
    expect((await call('POST', '/api/security/step-up', u.token, { code: await freshCode(u.id, secret) }, '10.45.0.3')).statusCode).toBe(429);
    expect(await historyOf(u.id)).toContain('throttled');
  });
});

describe('the organisation\'s rule and the enrolment gate', () => {
  it('holds a session of a listed role to enrolment until its first factor is confirmed, then lets it go on', async () => {
    const role = org.roleIds.get('Nurse')!;
    const nonAdmin = await staff(['Receptionist']);
    expect((await call('PUT', '/api/security/second-factor-policy', nonAdmin.token, { roleIds: [role], stepUpMinutes: 15 })).statusCode).toBe(403);
    expect((await call('PUT', '/api/security/second-factor-policy', org.token, { roleIds: ['6f1c7a9e-0000-4000-8000-000000000000'], stepUpMinutes: 15 })).statusCode).toBe(422);
    const saved = await call('PUT', '/api/security/second-factor-policy', org.token, { roleIds: [role], stepUpMinutes: 15 });
    expect(body(saved).data).toEqual({ roleIds: [role], stepUpMinutes: 15 });
    expect(body(await call('GET', '/api/security/second-factor-policy', org.token)).data.roleIds).toEqual([role]);

    const nurse = await staff(['Nurse']);
    const session = await login(ctx, nurse.username, TEST_PASSWORD);
    expect(session.user.enrolmentRequired).toBe(true);
    const held = await call('GET', '/api/patients', session.accessToken);
    expect(held.statusCode).toBe(403);
    expect(body(held).message.code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect((await call('GET', '/api/security/two-factor', session.accessToken)).statusCode).toBe(200);
    await enrol(session.accessToken);
    expect((await call('GET', '/api/patients', session.accessToken)).statusCode).toBe(200);
    await call('PUT', '/api/security/second-factor-policy', org.token, { roleIds: [], stepUpMinutes: 15 });
  });
});

describe('step-up', () => {
  const ageVerification = async (token: string) => {
    await ctx.database.db.update(signInSessions).set({ verifiedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(signInSessions.id, linkSessionOf(token).familyId));
    // Any write of the organisation drops its cached callers, as a change made on another server would be seen.
    await call('PUT', '/api/security/second-factor-policy', org.token, { roleIds: [], stepUpMinutes: 15 });
  };

  it('asks for a code once the last proof is older than the window, and opens role changes again after it', async () => {
    const admin = await staff(['Admin']);
    const { secret } = await enrol(admin.token);
    const token = (await call('POST', '/api/auth/second-factor/totp', undefined, { ticket: await ticketOf(admin.username), code: await freshCode(admin.id, secret) }));
    const access = body(token).data.accessToken as string;
    const create = () => call('POST', '/api/roles', access, { name: `Role ${Date.now()}`, permissions: ['patient_read'] });
    expect((await create()).statusCode).toBe(201);
    await ageVerification(access);
    const refused = await create();
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message.code).toBe('STEP_UP_REQUIRED');
    expect(body(await call('POST', '/api/security/step-up', access, { code: '000000' })).message.code).toBe('SECOND_FACTOR_CODE_INVALID');
    expect(body(await call('POST', '/api/security/step-up', access, { password: TEST_PASSWORD })).message.code).toBe('SECOND_FACTOR_NEEDED');
    expect((await call('POST', '/api/security/step-up', access, { code: await freshCode(admin.id, secret) })).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
  });

  it('asks for it before the organisation\'s sign-in rules are changed: second factors, sessions, single sign-on', async () => {
    const admin = await staff(['Admin']);
    await ageVerification(admin.token);
    const sso = {
      enabled: false, issuer: 'https://idp.example.test', clientId: 'clinic', clientSecret: 'secret', allowedDomains: ['example.test'],
      groupRoles: [], provisioning: 'invite', label: null, passwordSignIn: true, breakGlassEmployeeId: null,
    };
    const changes = () => Promise.all([
      call('PUT', '/api/security/second-factor-policy', admin.token, { roleIds: [], stepUpMinutes: 15 }),
      call('PUT', '/api/organisation/security/sessions', admin.token, { idleTimeoutMinutes: 30, absoluteLifetimeHours: 12 }),
      call('PUT', '/api/organisation/sso', admin.token, sso),
    ]);
    for (const refused of await changes()) {
      expect(refused.statusCode).toBe(403);
      expect(body(refused).message.code).toBe('STEP_UP_REQUIRED');
    }
    expect((await call('POST', '/api/security/step-up', admin.token, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await changes()).map((res) => res.statusCode)).toEqual([200, 200, 200]);
  });

  it('takes the password of a person with no second factor, and refuses a wrong one', async () => {
    const admin = await staff(['Admin']);
    await ageVerification(admin.token);
    const create = () => call('POST', '/api/roles', admin.token, { name: `Other ${Date.now()}`, permissions: ['patient_read'] });
    expect(body(await create()).message.code).toBe('STEP_UP_REQUIRED');
    expect(body(await call('POST', '/api/security/step-up', admin.token, { password: 'Wrong@Pass1' })).message.code).toBe('PASSWORD_WRONG');
    expect(body(await call('POST', '/api/security/step-up', admin.token, { code: '123456' })).message.code).toBe('NO_SECOND_FACTOR');
    expect((await call('POST', '/api/security/step-up', admin.token, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
  });
});

describe('adding an authenticator app is a sensitive change', () => {
  /** The session's last proof of identity is older than the organisation's step-up window (cached callers dropped). */
  const ageVerification = async (token: string) => {
    await ctx.database.db.update(signInSessions).set({ verifiedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(signInSessions.id, linkSessionOf(token).familyId));
    ctx.app.callers.invalidateCompany(org.companyId);
  };
  /** A passkey of the person, as the passkey routes keep it (this file checks what it changes, not its ceremony). */
  const givePasskey = (employeeId: string) => ctx.database.db.insert(passkeys).values({
    companyId: org.companyId, employeeId, name: 'Phone', credentialId: `tf-${employeeId}-${Date.now()}`, publicKey: 'x', counter: 0, transports: [],
    deviceType: 'singleDevice', backedUp: false,
  });
  const codeHashes = async (employeeId: string) =>
    (await ctx.database.db.select({ h: recoveryCodes.codeHash }).from(recoveryCodes).where(eq(recoveryCodes.employeeId, employeeId))).map((r) => r.h).sort();

  it('asks a session past its step-up window for a proof before starting or confirming one, so a stolen session cannot add its own', async () => {
    const victim = await staff(['Admin']);
    await ageVerification(victim.token);
    const started = await call('POST', '/api/security/two-factor/totp', victim.token);
    expect(started.statusCode).toBe(403);
    expect(body(started).message.code).toBe('STEP_UP_REQUIRED');
    expect(await ctx.database.db.select().from(totpFactors).where(eq(totpFactors.employeeId, victim.id))).toEqual([]);

    // Started within the window, confirmed after it: refused too, the secret stays pending and no recovery code is made.
    await ctx.database.db.update(signInSessions).set({ verifiedAt: new Date() }).where(eq(signInSessions.id, linkSessionOf(victim.token).familyId));
    ctx.app.callers.invalidateCompany(org.companyId);
    const { secret } = body(await call('POST', '/api/security/two-factor/totp', victim.token)).data;
    await ageVerification(victim.token);
    const confirmed = await call('POST', '/api/security/two-factor/totp/confirm', victim.token, { code: await freshCode(victim.id, secret) });
    expect(confirmed.statusCode).toBe(403);
    expect(body(confirmed).message.code).toBe('STEP_UP_REQUIRED');
    expect(body(await call('GET', '/api/security/two-factor', victim.token)).data).toMatchObject({ totp: { state: 'pending' }, recoveryCodesLeft: 0 });
    // So the session cannot step up with an authenticator of its own making: it has none.
    expect(body(await call('POST', '/api/security/step-up', victim.token, { code: await freshCode(victim.id, secret) })).message.code).toBe('NO_SECOND_FACTOR');

    // The person, who knows the password, proves who they are and the same code is taken.
    expect((await call('POST', '/api/security/step-up', victim.token, { password: TEST_PASSWORD })).statusCode).toBe(200);
    const kept = await call('POST', '/api/security/two-factor/totp/confirm', victim.token, { code: await freshCode(victim.id, secret) });
    expect(kept.statusCode).toBe(200);
    expect(body(kept).data.recoveryCodes).toHaveLength(10);
  });

  it('a passkey-only person: a session past the window neither adds an authenticator nor replaces the recovery codes', async () => {
    const u = await staff();
    await givePasskey(u.id);
    const made = await call('POST', '/api/security/two-factor/recovery-codes', u.token);
    expect(made.statusCode).toBe(200);
    const before = await codeHashes(u.id);
    expect(before).toHaveLength(10);
    await ageVerification(u.token);
    for (const res of [
      await call('POST', '/api/security/two-factor/totp', u.token),
      await call('POST', '/api/security/two-factor/totp/confirm', u.token, { code: '123456' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(body(res).message.code).toBe('STEP_UP_REQUIRED');
    }
    expect(await codeHashes(u.id)).toEqual(before);
    expect(await ctx.database.db.select().from(totpFactors).where(eq(totpFactors.employeeId, u.id))).toEqual([]);
  });

  it('lets a session held to enrolment add its first factor without a step-up only while the person has none', () => whileNursesNeedAFactor(async () => {
    const nurse = await staff(['Nurse']);
    // Two password-only sign-ins, both held to enrolment (the person's own, and one with the password alone).
    const mine = await login(ctx, nurse.username, TEST_PASSWORD);
    const other = await login(ctx, nurse.username, TEST_PASSWORD);
    expect([mine.user.enrolmentRequired, other.user.enrolmentRequired]).toEqual([true, true]);
    // The first is held and the person has no factor: it starts the authenticator without a step-up.
    expect((await call('POST', '/api/security/two-factor/totp', mine.accessToken)).statusCode).toBe(200);
    // The person adds a passkey in another sign-in: the held session's exemption is over, whatever its flag says.
    await givePasskey(nurse.id);
    for (const token of [mine.accessToken, other.accessToken]) {
      const res = await call('POST', '/api/security/two-factor/totp', token);
      expect(res.statusCode).toBe(403);
      expect(body(res).message.code).toBe('STEP_UP_REQUIRED');
    }
    const confirm = await call('POST', '/api/security/two-factor/totp/confirm', other.accessToken, { code: '123456' });
    expect(confirm.statusCode).toBe(403);
    expect(body(confirm).message.code).toBe('STEP_UP_REQUIRED');
    expect(await codeHashes(nurse.id)).toEqual([]);
    // Still held: nothing else opens to it.
    expect(body(await call('GET', '/api/patients', other.accessToken)).message.code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
  }));
});

describe('a second sign-in held to enrolment after the first factor is set up elsewhere', () => {
  it('is released by proving that factor (a code or a recovery code), and by nothing less', () => whileNursesNeedAFactor(async () => {
    const nurse = await staff(['Nurse']);
    const first = await login(ctx, nurse.username, TEST_PASSWORD);
    const second = await login(ctx, nurse.username, TEST_PASSWORD);
    const third = await login(ctx, nurse.username, TEST_PASSWORD);
    expect([first, second, third].map((s) => s.user.enrolmentRequired)).toEqual([true, true, true]);
    // The person sets up the authenticator in the first sign-in, which opens.
    const { secret, recoveryCodes: codes } = await enrol(first.accessToken);
    expect((await call('GET', '/api/patients', first.accessToken)).statusCode).toBe(200);
    // The second is still held, and cannot add a factor without a proof: the password is not one any more.
    expect(body(await call('GET', '/api/patients', second.accessToken)).message.code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    const byPassword = await call('POST', '/api/security/step-up', second.accessToken, { password: TEST_PASSWORD });
    expect(byPassword.statusCode).toBe(422);
    expect(body(byPassword).message.code).toBe('SECOND_FACTOR_NEEDED');
    const wrong = await call('POST', '/api/security/step-up', second.accessToken, { code: '000000' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(body(await call('GET', '/api/patients', second.accessToken)).message.code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    // A current code proves the factor: the second sign-in opens, as if it had signed in with it.
    const proved = await call('POST', '/api/security/step-up', second.accessToken, { code: await freshCode(nurse.id, secret) });
    expect(proved.statusCode).toBe(200);
    expect((await call('GET', '/api/patients', second.accessToken)).statusCode).toBe(200);
    expect(body(await call('GET', '/api/profile', second.accessToken)).data.enrolmentRequired).toBeUndefined();
    // A recovery code does the same for the third.
    expect((await call('POST', '/api/security/step-up', third.accessToken, { recoveryCode: codes[0] })).statusCode).toBe(200);
    expect((await call('GET', '/api/patients', third.accessToken)).statusCode).toBe(200);
    const rows = await ctx.database.db.select({ secondFactor: signInSessions.secondFactor, held: signInSessions.enrolmentRequired })
      .from(signInSessions).where(eq(signInSessions.id, linkSessionOf(third.accessToken).familyId));
    expect(rows).toEqual([{ secondFactor: 'recovery', held: false }]);
  }));
});

describe('turning the authenticator off', () => {
  it('needs the password and a current code; then the sign-in has no second step and the recovery codes are gone', async () => {
    const u = await staff();
    const { secret } = await enrol(u.token);
    const wrongPassword = await call('POST', '/api/security/two-factor/totp/disable', u.token, { password: 'Wrong@Pass1', code: await freshCode(u.id, secret) });
    expect(body(wrongPassword).message.code).toBe('PASSWORD_WRONG');
    const off = await call('POST', '/api/security/two-factor/totp/disable', u.token, { password: TEST_PASSWORD, code: await freshCode(u.id, secret) });
    expect(off.statusCode).toBe(200);
    expect(body(await call('GET', '/api/security/two-factor', u.token)).data).toMatchObject({ totp: { state: 'off' }, recoveryCodesLeft: 0 });
    expect(body(await passwordStep(u.username)).data.accessToken).toBeTruthy();
    const rows = await ctx.database.db.select().from(totpFactors).where(and(eq(totpFactors.employeeId, u.id)));
    expect(rows).toHaveLength(0);
  });
});
