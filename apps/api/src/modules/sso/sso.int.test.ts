import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog, companies, employeeRoles, employees, externalIdentities, invitations, passkeys, rolePermissions, signInHistory, ssoProviders, totpFactors,
} from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { follow, startImpostor, startProvider, type LocalProvider } from './fixtures.js';

/** Single sign-on end to end against a local OpenID provider, and the ways an attacker would bend the round trip. */

const PUBLIC = 'https://clinic.example';
const CALLBACK = `${PUBLIC}/api/auth/sso/callback`;

let ctx: TestContext;
let idp: LocalProvider;
let a: TestOrg;
let b: TestOrg;

beforeAll(async () => {
  // The local provider is on 127.0.0.1, over http: the operator's setting allows it (sso.addresses.int.test.ts: without it).
  ctx = await createTestContext({ publicUrl: PUBLIC, ssoAllowPrivateIssuers: true });
  idp = await startProvider([
    { clientId: 'north', clientSecret: 'north-secret', redirectUri: CALLBACK },
    { clientId: 'south', clientSecret: 'south-secret', redirectUri: CALLBACK },
  ]);
  a = await createOrg(ctx, { name: 'North Group' });
  b = await createOrg(ctx, { name: 'South Group' });
});
afterAll(async () => { await idp.close(); await ctx.close(); });

const db = () => ctx.database.db;
const role = (org: TestOrg, name: string) => org.roleIds.get(name)!;

function settings(org: TestOrg, over: Record<string, unknown> = {}) {
  const north = org === a;
  return {
    enabled: true, issuer: idp.issuer, clientId: north ? 'north' : 'south', clientSecret: north ? 'north-secret' : 'south-secret',
    allowedDomains: [north ? 'north.test' : 'south.test'], groupRoles: [], provisioning: 'invite', label: 'Sign in with Contoso',
    passwordSignIn: true, breakGlassEmployeeId: null, ...over,
  };
}

const save = (org: TestOrg, payload: object, lang?: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/organisation/sso', headers: auth(org.token, lang), payload });

async function configure(org: TestOrg, over: Record<string, unknown> = {}) {
  const res = await save(org, settings(org, over));
  expect(res.statusCode, res.body).toBe(200);
}

/** The browser's round-trip cookie, as the last start set it (`name=value`). */
let browser = '';

/** Starts at the organisation's start address; the provider's authorization address. */
async function start(org: TestOrg): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/start?org=${org.companyId}` });
  expect(res.statusCode).toBe(302);
  const cookie = String(res.headers['set-cookie'] ?? '');
  // A round trip that starts keeps its browser's key in a cookie; one refused at once (back to /login) sets none.
  if (String(res.headers.location).startsWith(`${PUBLIC}/login`)) expect(cookie).toBe('');
  else expect(cookie).toMatch(/^clinic_sso=[\w-]{43}; Path=\/api\/auth\/sso; HttpOnly; SameSite=Lax; Max-Age=600/);
  browser = cookie.split(';')[0]!;
  return String(res.headers.location);
}

/** Where the API sends the browser back from the callback (in the browser that started, unless told otherwise). */
async function callback(url: URL, cookie = browser): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

async function signIn(org: TestOrg, subject: string): Promise<string> {
  idp.nextLogin = subject;
  return callback(await follow(await start(org), CALLBACK));
}

const exchange = (code: string, cookie = browser) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sso/exchange', payload: { code }, headers: cookie ? { cookie } : {} });
const codeOf = (location: string) => {
  expect(location.startsWith(`${PUBLIC}/login/sso#code=`), location).toBe(true);
  return location.split('#code=')[1]!;
};
const refusal = (location: string) => new URL(location).searchParams.get('sso_error');

let staffMade = 0;

/** A staff member with a sign-in account (a password; `account: false`: an employee record only, nobody given an account). */
async function addStaff(org: TestOrg, email: string, roleName = 'Doctor', isActive = true, account = true) {
  const [row] = await db().insert(employees).values({
    companyId: org.companyId, publicId: `EMP-${email}-${++staffMade}`, name: email, email, employeeType: 'Doctor', isActive,
    passwordHash: account ? 'scrypt$not-used-here' : null,
  }).returning();
  await db().insert(employeeRoles).values({ companyId: org.companyId, employeeId: row!.id, roleId: role(org, roleName) });
  return row!;
}

async function lastHistory(employeeId: string) {
  const [row] = await db().select().from(signInHistory).where(eq(signInHistory.employeeId, employeeId)).orderBy(desc(signInHistory.id)).limit(1);
  return row;
}

describe('single sign-on settings', () => {
  it('keep the client secret encrypted, never answer it, and are audited', async () => {
    await configure(a);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/organisation/sso', headers: auth(a.token) });
    expect(body(res).data).toMatchObject({ configured: true, enabled: true, clientSecretSet: true, redirectUri: CALLBACK, provisioning: 'invite' });
    expect(res.body).not.toContain('north-secret');
    const [row] = await db().select().from(ssoProviders).where(eq(ssoProviders.companyId, a.companyId));
    expect(row!.clientSecretEnc).not.toContain('north-secret');
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.entity, 'sso_settings')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.changes)).not.toContain('north-secret');
    // Saving again without a secret keeps the stored one.
    await configure(a, { clientSecret: '' });
    idp.people.set('nobody', { email: 'nobody@north.test', email_verified: true });
    expect(refusal(await signIn(a, 'nobody'))).toBe('no_account');
  });

  it('refuse password sign-in off while single sign-on is off, and a break-glass account that is not an active admin', async () => {
    const off = await save(b, settings(b, { enabled: false, passwordSignIn: false, breakGlassEmployeeId: b.adminId }), 'ar');
    expect(off.statusCode).toBe(422);
    expect(body(off).message.fields.passwordSignIn).toBe('لا يمكن إيقاف تسجيل الدخول بكلمة المرور إلا عند تفعيل تسجيل الدخول الموحّد.');
    const doctor = await addStaff(b, 'doc@south.test');
    const notAdmin = await save(b, settings(b, { passwordSignIn: false, breakGlassEmployeeId: doctor.id }));
    expect(body(notAdmin).message.fields.breakGlassEmployeeId).toBeDefined();
    const foreign = await save(b, settings(b, { passwordSignIn: false, breakGlassEmployeeId: a.adminId }));
    expect(foreign.statusCode).toBe(422);
    const otherRole = await save(b, settings(b, { groupRoles: [{ group: 'x', roleId: role(a, 'Doctor') }] }));
    expect(Object.keys(body(otherRole).message.fields)).toEqual(['groupRoles.0.roleId']);
    const get = await ctx.app.inject({ method: 'GET', url: '/api/organisation/sso', headers: auth(b.token) });
    expect(body(get).data.configured).toBe(false);
  });

  it('test the connection by fetching discovery, refusing an issuer that names another', async () => {
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/organisation/sso/test', headers: auth(a.token), payload: { issuer: idp.issuer } });
    expect(body(ok).data.issuer).toBe(idp.issuer);
    const impostor = await startImpostor(idp.issuer);
    try {
      const bad = await ctx.app.inject({ method: 'POST', url: '/api/organisation/sso/test', headers: auth(a.token), payload: { issuer: impostor.issuer } });
      expect(bad.statusCode).toBe(422);
      expect(body(bad).message.code).toBe('SSO_DISCOVERY_FAILED');
      // An organisation configured with it cannot start a sign-in either.
      await configure(b, { issuer: impostor.issuer });
      expect(refusal(await start(b))).toBe('provider');
    } finally {
      await impostor.close();
    }
  });
});

describe('signing in through the provider', () => {
  it('signs an invited account in by its verified e-mail, links the identity, and hands the answer over once', async () => {
    await configure(a);
    const staff = await addStaff(a, 'salma@north.test');
    idp.people.set('salma', { email: 'Salma@north.test', email_verified: true, name: 'Salma' });
    const code = codeOf(await signIn(a, 'salma'));
    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    const answer = body(first).data;
    expect(answer.user.email).toBe('salma@north.test');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(answer.accessToken) })).statusCode).toBe(200);
    const links = await db().select().from(externalIdentities).where(eq(externalIdentities.employeeId, staff.id));
    expect(links).toMatchObject([{ issuer: idp.issuer, subject: 'salma' }]);
    expect(await lastHistory(staff.id)).toMatchObject({ method: 'sso', result: 'success' });
    // The hand-off code works once.
    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(body(again).message.code).toBe('SSO_HANDOFF_INVALID');
  });

  it('still asks an account with a second factor for its second step', async () => {
    const staff = await addStaff(a, 'omar@north.test');
    await db().insert(totpFactors).values({ companyId: a.companyId, employeeId: staff.id, secretEnc: 'sealed', confirmedAt: new Date() });
    idp.people.set('omar', { email: 'omar@north.test', email_verified: true });
    const answer = body(await exchange(codeOf(await signIn(a, 'omar')))).data;
    expect(answer.accessToken).toBeUndefined();
    expect(answer.secondFactor.methods).toEqual(['totp']);
  });

  it('refuses an unknown person when invite-only, an unverified e-mail, and a domain that is not allowed', async () => {
    idp.people.set('stranger', { email: 'stranger@north.test', email_verified: true });
    expect(refusal(await signIn(a, 'stranger'))).toBe('no_account');
    const staff = await addStaff(a, 'huda@north.test');
    idp.people.set('huda', { email: 'huda@north.test', email_verified: false });
    expect(refusal(await signIn(a, 'huda'))).toBe('email_unverified');
    idp.people.set('outsider', { email: 'huda@elsewhere.test', email_verified: true });
    expect(refusal(await signIn(a, 'outsider'))).toBe('domain');
    expect(await db().select().from(externalIdentities).where(eq(externalIdentities.employeeId, staff.id))).toHaveLength(0);
  });

  it('refuses a person of another organisation\'s domain, leaving that organisation\'s accounts alone', async () => {
    await configure(b);
    const theirs = await addStaff(b, 'nour@south.test');
    idp.people.set('nour', { email: 'nour@south.test', email_verified: true });
    expect(refusal(await signIn(a, 'nour'))).toBe('domain');
    expect(await db().select().from(externalIdentities).where(eq(externalIdentities.employeeId, theirs.id))).toHaveLength(0);
    expect(await db().select().from(employees).where(and(eq(employees.companyId, a.companyId), eq(employees.email, 'nour@south.test')))).toHaveLength(0);
  });

  it('takes over by e-mail neither an employee record without an account nor an account linked to someone else at the provider', async () => {
    // An employee record nobody was given an account for (made by someone who may not create accounts).
    await addStaff(a, 'record.only@north.test', 'Doctor', true, false);
    idp.people.set('recordonly', { email: 'record.only@north.test', email_verified: true });
    expect(refusal(await signIn(a, 'recordonly'))).toBe('no_account');
    // The provider gave a former colleague's address to a new person: the account stays the colleague's.
    const former = await addStaff(a, 'handed.on@north.test');
    idp.people.set('first-holder', { email: 'handed.on@north.test', email_verified: true });
    codeOf(await signIn(a, 'first-holder'));
    idp.people.set('new-holder', { email: 'handed.on@north.test', email_verified: true });
    expect(refusal(await signIn(a, 'new-holder'))).toBe('no_account');
    const identities = await db().select().from(externalIdentities).where(eq(externalIdentities.employeeId, former.id));
    expect(identities.map((x) => x.subject)).toEqual(['first-holder']);
    expect(await db().select().from(employees).where(eq(employees.email, 'handed.on@north.test'))).toHaveLength(1);
  });

  it('signs an invited person in by e-mail and ends their invitation: its link never sets a password on the account', async () => {
    const invited = await ctx.app.inject({
      method: 'POST', url: '/api/invitations', headers: auth(a.token),
      payload: { name: 'Dana', email: 'dana@north.test', employeeType: 'Administrative', roleIds: [role(a, 'Receptionist')] },
    });
    expect(invited.statusCode).toBe(201);
    const sent = body(invited).data;
    const token = new URL(sent.link).searchParams.get('token')!;
    idp.people.set('dana', { email: 'dana@north.test', email_verified: true, name: 'Dana' });
    expect(body(await exchange(codeOf(await signIn(a, 'dana')))).data.user.email).toBe('dana@north.test');
    const [row] = await db().select().from(invitations).where(and(eq(invitations.companyId, a.companyId), eq(invitations.id, sent._id)));
    expect(row!.revokedAt).not.toBeNull();
    const audit = await db().select().from(auditLog)
      .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.entity, 'invitation'), eq(auditLog.entityId, sent._id)));
    expect(audit).toMatchObject([{ action: 'revoke', actorId: sent.employee, changes: { reason: 'sso_linked', employee: sent.employee } }]);
    const record = body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${sent.employee}`, headers: auth(a.token) })).data;
    expect(record).toMatchObject({ hasAccount: true, invitation: null });
    // Ended, not just outranked by the identity: without it the link would still be refused.
    await db().delete(externalIdentities).where(and(eq(externalIdentities.companyId, a.companyId), eq(externalIdentities.employeeId, sent.employee)));
    const page = await ctx.app.inject({ method: 'POST', url: '/api/invitations/lookup', payload: { token } });
    expect(page.statusCode).toBe(404);
    expect(body(page).message.code).toBe('INVITATION_INVALID');
  });

  it('finds the one account with the address past an employee record without one, and links an account with a passkey alone', async () => {
    const record = await addStaff(a, 'rana@north.test', 'Doctor', true, false);
    const account = await addStaff(a, 'rana@north.test', 'Doctor', true, false);
    await db().insert(passkeys).values({
      companyId: a.companyId, employeeId: account.id, name: 'Laptop', credentialId: `rana-${Date.now()}`, publicKey: 'x', counter: 0,
      transports: [], deviceType: 'singleDevice', backedUp: false,
    });
    idp.people.set('rana', { email: 'rana@north.test', email_verified: true });
    // Signed in (its passkey is then asked for as the second step), as the account.
    expect(body(await exchange(codeOf(await signIn(a, 'rana')))).data.secondFactor.methods).toContain('passkey');
    expect(await db().select({ employeeId: externalIdentities.employeeId }).from(externalIdentities)
      .where(and(eq(externalIdentities.companyId, a.companyId), inArray(externalIdentities.employeeId, [record.id, account.id])))).toEqual([{ employeeId: account.id }]);
  });

  it('refuses an address two accounts of the organisation share, saying so, and links neither', async () => {
    // Made before an address was kept to one account of an organisation: a password account and a passkey-only one.
    const first = await addStaff(a, 'twin@north.test');
    const second = await addStaff(a, 'twin@north.test', 'Doctor', true, false);
    await db().insert(passkeys).values({
      companyId: a.companyId, employeeId: second.id, name: 'Phone', credentialId: `twin-${Date.now()}`, publicKey: 'x', counter: 0,
      transports: [], deviceType: 'singleDevice', backedUp: false,
    });
    idp.people.set('twin', { email: 'twin@north.test', email_verified: true });
    expect(refusal(await signIn(a, 'twin'))).toBe('email_shared');
    expect(await db().select().from(externalIdentities).where(and(eq(externalIdentities.companyId, a.companyId), inArray(externalIdentities.employeeId, [first.id, second.id])))).toEqual([]);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.action, 'sso_refused')))
      .orderBy(desc(auditLog.id)).limit(1);
    expect(audit!.changes).toEqual({ reason: 'email_shared', email: 'twin@north.test' });
  });

  it('refuses an inactive account with a history row', async () => {
    const gone = await addStaff(a, 'former@north.test', 'Doctor', false);
    idp.people.set('former', { email: 'former@north.test', email_verified: true });
    expect(refusal(await signIn(a, 'former'))).toBe('inactive');
    expect(await lastHistory(gone.id)).toMatchObject({ method: 'sso', result: 'sso_refused' });
  });

  it('takes nobody into a closed organisation, and makes no account there', async () => {
    const c = await createOrg(ctx, { name: 'Closed Group' });
    const res = await save(c, { ...settings(a), allowedDomains: ['closed.test'], provisioning: 'auto', groupRoles: [{ group: 'all', roleId: role(c, 'Doctor') }] });
    expect(res.statusCode).toBe(200);
    await db().update(companies).set({ closedAt: new Date() }).where(eq(companies.id, c.companyId));
    idp.people.set('late', { email: 'late@closed.test', email_verified: true, groups: ['all'] });
    expect(refusal(await signIn(c, 'late'))).toBe('closed');
    expect(await db().select().from(employees).where(eq(employees.email, 'late@closed.test'))).toHaveLength(0);
  });

  it('creates an account at the first sign-in with the roles of its groups, and follows a mapping change at the next', async () => {
    await configure(a, { provisioning: 'auto', groupRoles: [{ group: 'clinicians', roleId: role(a, 'Doctor') }, { group: 'desk', roleId: role(a, 'Receptionist') }] });
    idp.people.set('nobody-mapped', { email: 'temp@north.test', email_verified: true, groups: ['visitors'] });
    expect(refusal(await signIn(a, 'nobody-mapped'))).toBe('no_role');
    expect(await db().select().from(employees).where(eq(employees.email, 'temp@north.test'))).toHaveLength(0);

    idp.people.set('rami', { email: 'rami@north.test', email_verified: true, name: 'Rami Saleh', groups: ['clinicians'] });
    expect(body(await exchange(codeOf(await signIn(a, 'rami')))).data.user.name).toBe('Rami Saleh');
    const [made] = await db().select().from(employees).where(eq(employees.email, 'rami@north.test'));
    const rolesOf = async () => (await db().select().from(employeeRoles).where(eq(employeeRoles.employeeId, made!.id))).map((r) => r.roleId);
    expect(await rolesOf()).toEqual([role(a, 'Doctor')]);

    idp.people.set('rami', { email: 'rami@north.test', email_verified: true, groups: ['desk'] });
    codeOf(await signIn(a, 'rami'));
    expect(await rolesOf()).toEqual([role(a, 'Receptionist')]);
    await configure(a);
  });
});

describe('group mapping and the last administrator', () => {
  /** Active accounts of the organisation that hold `admin`. */
  async function administrators(org: TestOrg) {
    const rows = await db().selectDistinct({ id: employees.id }).from(employees)
      .innerJoin(employeeRoles, and(eq(employeeRoles.companyId, employees.companyId), eq(employeeRoles.employeeId, employees.id)))
      .innerJoin(rolePermissions, and(eq(rolePermissions.companyId, employeeRoles.companyId), eq(rolePermissions.roleId, employeeRoles.roleId)))
      .where(and(eq(employees.companyId, org.companyId), eq(employees.isActive, true), eq(rolePermissions.permission, 'admin')));
    return rows.map((r) => r.id);
  }
  const rolesOf = async (org: TestOrg, id: string) => (await db().select({ roleId: employeeRoles.roleId }).from(employeeRoles)
    .where(and(eq(employeeRoles.companyId, org.companyId), eq(employeeRoles.employeeId, id)))).map((r) => r.roleId).sort();
  const synced = (org: TestOrg, id: string) => db().select({ changes: auditLog.changes }).from(auditLog)
    .where(and(eq(auditLog.companyId, org.companyId), eq(auditLog.action, 'sso_roles_synced'), eq(auditLog.entityId, id))).orderBy(auditLog.id);

  it('keeps the only administrator\'s role when their groups map to another, signs them in, and says so in the audit row', async () => {
    const c = await createOrg(ctx, { name: 'East Group' });
    await configure(c, { allowedDomains: ['east.test'], groupRoles: [{ group: 'desk', roleId: role(c, 'Receptionist') }] });
    await db().update(employees).set({ email: 'boss@east.test' }).where(and(eq(employees.companyId, c.companyId), eq(employees.id, c.adminId)));
    expect(await administrators(c)).toEqual([c.adminId]);
    idp.people.set('east-boss', { email: 'boss@east.test', email_verified: true, name: 'Boss', groups: ['desk'] });
    const answer = await exchange(codeOf(await signIn(c, 'east-boss')));
    expect(answer.statusCode).toBe(200);
    // Still the organisation's administrator (the mapped role beside it): they can reach the settings to correct them.
    expect(await administrators(c)).toEqual([c.adminId]);
    expect(await rolesOf(c, c.adminId)).toEqual([role(c, 'Admin'), role(c, 'Receptionist')].sort());
    const settingsPage = await ctx.app.inject({ method: 'GET', url: '/api/organisation/sso', headers: auth(body(answer).data.accessToken) });
    expect(settingsPage.statusCode).toBe(200);
    const [row] = await synced(c, c.adminId);
    expect(row!.changes).toEqual({
      before: [role(c, 'Admin')], after: [role(c, 'Admin'), role(c, 'Receptionist')].sort(), groupRoles: [role(c, 'Receptionist')],
      keptAdministrator: [role(c, 'Admin')],
    });

    // With a second administrator, the mapping applies in full to the first: the organisation keeps one.
    const { createAccount } = await import('../organisation/index.js');
    const second = await createAccount(db(), c.companyId, c.roleIds, {
      name: 'Second Admin', username: 'second-admin-east', email: 'second@east.test', password: TEST_PASSWORD, employeeType: 'Admin', roleNames: ['Admin'],
    });
    expect((await exchange(codeOf(await signIn(c, 'east-boss')))).statusCode).toBe(200);
    expect(await rolesOf(c, c.adminId)).toEqual([role(c, 'Receptionist')]);
    expect(await administrators(c)).toEqual([second.id]);
    // ...and then to the second, the last one, only as far as leaving them an administrator.
    idp.people.set('east-second', { email: 'second@east.test', email_verified: true, groups: ['desk'] });
    expect((await exchange(codeOf(await signIn(c, 'east-second')))).statusCode).toBe(200);
    expect(await administrators(c)).toEqual([second.id]);
    expect((await synced(c, second.id)).map((r) => r.changes)).toMatchObject([{ keptAdministrator: [role(c, 'Admin')] }]);
  });
});

describe('an attacker bending the round trip', () => {
  it('cannot use an unknown state, nor a state twice', async () => {
    expect(refusal(await callback(new URL(`${CALLBACK}?state=made-up&code=abc`)))).toBe('state');
    expect(refusal(await callback(new URL(`${CALLBACK}?state=one&state=two&code=abc`)))).toBe('state');
    expect(refusal(await callback(new URL(CALLBACK)))).toBe('state');
    await addStaff(a, 'layla@north.test');
    idp.people.set('layla', { email: 'layla@north.test', email_verified: true });
    idp.nextLogin = 'layla';
    const back = await follow(await start(a), CALLBACK);
    codeOf(await callback(back));
    expect(refusal(await callback(back))).toBe('state');
  });

  it('cannot carry a round trip, or its hand-off code, to another browser (signing someone in as oneself)', async () => {
    await addStaff(a, 'hadi@north.test');
    idp.people.set('hadi', { email: 'hadi@north.test', email_verified: true });
    // The attacker signs in at the provider and sends the callback address to a victim: no cookie, or the victim's own.
    idp.nextLogin = 'hadi';
    const back = await follow(await start(a), CALLBACK);
    const attackers = browser;
    await start(a);
    const victims = browser;
    expect(victims).not.toBe(attackers);
    expect(refusal(await callback(back, victims))).toBe('state');
    idp.nextLogin = 'hadi';
    expect(refusal(await callback(await follow(await start(a), CALLBACK), ''))).toBe('state');
    // The hand-off code of a finished round trip only works in the browser that started it.
    idp.nextLogin = 'hadi';
    const code = codeOf(await callback(await follow(await start(a), CALLBACK)));
    const elsewhere = await exchange(code, victims);
    expect(elsewhere.statusCode).toBe(401);
    expect(body(elsewhere).message.code).toBe('SSO_HANDOFF_INVALID');
    const refusals = await db().select().from(auditLog).where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.action, 'sso_refused')));
    expect(refusals.filter((r) => (r.changes as { reason?: string } | null)?.reason === 'browser').length).toBeGreaterThanOrEqual(2);
  });

  it('cannot finish one organisation\'s round trip with another organisation\'s state', async () => {
    await configure(b);
    await addStaff(a, 'zaid@north.test');
    idp.people.set('zaid', { email: 'zaid@north.test', email_verified: true });
    idp.nextLogin = 'zaid';
    const fromA = await follow(await start(a), CALLBACK);
    const stateB = new URL(await start(b)).searchParams.get('state')!;
    const swapped = new URL(fromA);
    swapped.searchParams.set('state', stateB);
    expect(refusal(await callback(swapped))).toBe('provider');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const staff = await addStaff(a, 'maha@north.test');
    idp.people.set('maha', { email: 'maha@north.test', email_verified: true });
    idp.nextLogin = 'maha';
    const tampered = new URL(await start(a));
    tampered.searchParams.set('nonce', 'attacker-chosen-nonce');
    expect(refusal(await callback(await follow(tampered.href, CALLBACK)))).toBe('provider');
    expect(await lastHistory(staff.id)).toBeUndefined();
  });

  it('finds the organisation by its booking-page address or by an e-mail domain only it allows', async () => {
    await db().update(companies).set({ bookingSlug: 'north-group' }).where(eq(companies.id, a.companyId));
    const by = async (org: string) => String((await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/start?org=${encodeURIComponent(org)}` })).headers.location);
    expect(await by('North-Group')).toContain(`${idp.issuer}/auth?`);
    expect(await by('someone@north.test')).toContain(`${idp.issuer}/auth?`);
    expect(await by('north.test')).toContain('client_id=north');
    const info = async (org: string) => body(await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/info?org=${org}` })).data;
    expect(await info('north-group')).toEqual({ available: true, label: 'Sign in with Contoso' });
    expect(await info('nowhere')).toEqual({ available: false, label: null });
    await configure(b, { allowedDomains: ['north.test'] });
    expect(refusal(await by('north.test'))).toBe('unavailable');
    await configure(b);
  });

  it('lands on the sign-in page with a reason for an organisation without single sign-on', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/start?org=no-such-clinic' });
    expect(res.headers.location).toBe(`${PUBLIC}/login?sso_error=unavailable`);
  });
});

describe('password sign-in switched off', () => {
  it('refuses everyone but the break-glass administrator, with a translated 403 and a history row', async () => {
    const login = (email: string, lang?: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: lang ? { 'accept-language': lang } : {}, payload: { email, password: TEST_PASSWORD } });
    await configure(a, { passwordSignIn: false, breakGlassEmployeeId: a.adminId });
    expect((await login(a.adminUsername)).statusCode).toBe(200);

    const { createAccount } = await import('../organisation/index.js');
    const other = await createAccount(db(), a.companyId, a.roleIds, {
      name: 'Second Admin', username: 'second-admin-north', email: 'second@north.test', password: TEST_PASSWORD, employeeType: 'Admin', roleNames: ['Admin'],
    });
    const refused = await login('second-admin-north', 'ar');
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toMatchObject({ code: 'PASSWORD_SIGN_IN_OFF', message: 'تسجّل مؤسستك الدخول عبر مزوّد الهوية الخاص بها. استخدم «تسجيل الدخول عبر مؤسستك».' });
    expect(await lastHistory(other.id)).toMatchObject({ method: 'password', result: 'password_sign_in_off' });

    await configure(a, { passwordSignIn: true, breakGlassEmployeeId: null });
    expect((await login('second-admin-north')).statusCode).toBe(200);
  });
});
