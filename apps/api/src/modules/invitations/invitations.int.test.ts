import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, employees, externalIdentities, invitations, passkeys } from '../../db/schema/index.js';
import { signPatientLink } from '../../lib/patient-links.js';
import { createAccount } from '../organisation/provision.js';
import { startSmtpSink, type SmtpSink } from '../../test/messaging-sinks.js';
import { withVersion } from '../../test/versions.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';

/*
 * Inviting a member of staff by e-mail: the administrator names the person, their e-mail and role; the person gets a
 * real e-mail (a local SMTP server), opens the link, chooses a user name and password and signs in with the role's
 * permissions. The link works once, lapses, and stops with a newer invitation or a deactivation.
 */

let ctx: TestContext;
let org: TestOrg;
let smtp: SmtpSink;
let n = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ smtpUrl: smtp.url, smtpFrom: 'Clinic <staff@clinic.example>', publicUrl: 'https://clinic.example' });
  org = await createOrg(ctx, { name: 'Al Noor Medical' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

const invite = (payload: Record<string, unknown>, token = org.token, lang?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/invitations', headers: auth(token, lang), payload });
const lookup = (token: string, lang?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/invitations/lookup', headers: lang ? { 'accept-language': lang } : {}, payload: { token } });
const accept = (payload: Record<string, unknown>, lang?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: lang ? { 'accept-language': lang } : {}, payload });

function person() {
  n += 1;
  return { name: `Reem Al-Harbi ${n}`, email: `reem.${n}.${Date.now()}@clinic.example`, employeeType: 'Administrative', roleIds: [org.roleIds.get('Receptionist')!] };
}

/** The link in the e-mail the server sent (after the job ran), and its token. */
async function mailedLink(to: string) {
  await ctx.app.jobs.runDue(new Date(Date.now() + 1000));
  const mail = smtp.messages.find((m) => m.to && JSON.stringify(m.to).includes(to));
  expect(mail, `an e-mail to ${to}`).toBeDefined();
  const link = /https:\/\/clinic\.example\/invite\?token=([^\s"<]+)/.exec(mail!.text ?? '');
  expect(link).not.toBeNull();
  return { mail: mail!, link: link![0], token: decodeURIComponent(link![1]!) };
}

describe('inviting a member of staff by e-mail', () => {
  it('makes an incomplete employee with the role, listed with the users as invited, and e-mails a link that sets up the account once', async () => {
    const p = person();
    const res = await invite(p);
    expect(res.statusCode).toBe(201);
    const sent = body(res).data;
    expect(sent).toMatchObject({ email: p.email, emailed: true });
    expect(body(res).message).toBe(`Invitation sent to ${p.email}`);
    expect(Date.parse(sent.expiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);

    const users = body(await ctx.app.inject({ method: 'GET', url: `/api/employees?hasAccount=true&search=${encodeURIComponent(p.name)}`, headers: auth(org.token) })).data;
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ hasAccount: false, incomplete: true, invitation: { expired: false }, roleIds: [{ name: 'Receptionist' }] });

    const { mail, link, token } = await mailedLink(p.email);
    expect(link).toBe(sent.link);
    expect(mail.subject).toBe('Al Noor Medical: your invitation to the clinic system');
    expect(mail.text).toContain(`Hello ${p.name},`);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&#38;')}"`);

    const view = body(await lookup(token)).data;
    expect(view).toMatchObject({ name: p.name, email: p.email, companyName: 'Al Noor Medical', suggestedUsername: p.email.split('@')[0] });

    const username = `reem_${n}_${Date.now() % 100000}`;
    const ok = await accept({ token, username, password: 'Front#Desk26', confirmPassword: 'Front#Desk26' });
    expect(ok.statusCode).toBe(200);
    expect(body(ok).data).toEqual({ username });
    const session = await login(ctx, username, 'Front#Desk26');
    expect(session.user.permissions).toEqual(expect.arrayContaining(['appointment_write']));
    expect(session.user.permissions).not.toContain('admin');

    // Used up: the page says so, and a second submission changes nothing.
    expect(body(await lookup(token)).message.code).toBe('INVITATION_USED');
    const again = await accept({ token, username: `${username}x`, password: 'Other#Pass26', confirmPassword: 'Other#Pass26' });
    expect(again.statusCode).toBe(409);
    await login(ctx, username, 'Front#Desk26');
    const after = body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${sent.employee}`, headers: auth(org.token) })).data;
    expect(after).toMatchObject({ hasAccount: true, invitation: null, incomplete: true, username });

    const actions = await ctx.database.db.select({ action: auditLog.action, actor: auditLog.actorId }).from(auditLog)
      .where(and(eq(auditLog.companyId, org.companyId), eq(auditLog.entityId, sent.employee)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['invite', 'accept_invitation']));
  });

  it('writes the e-mail in Arabic, right to left, when the inviter works in Arabic, with the expiry in 24-hour time', async () => {
    const p = person();
    const res = await invite(p, org.token, 'ar');
    expect(body(res).message).toBe(`أُرسلت الدعوة إلى ${p.email}`);
    const { mail } = await mailedLink(p.email);
    expect(mail.subject).toBe('Al Noor Medical: دعوتك إلى نظام العيادة');
    expect(mail.html).toContain('dir="rtl"');
    // The expiry line only: the link's random token may hold the letters "AM" or "PM".
    const expiry = (mail.text ?? '').split('\n').find((line) => line.startsWith('يعمل الرابط')) ?? '';
    expect(expiry).toMatch(/ \d{1,2}:\d{2}\.$/);
    expect(expiry).not.toMatch(/AM|PM|(^|\s)(ص|م)(\s|\.|$)/);
  });

  it('refuses a form without a role or with a bad e-mail, field by field and translated, and makes nothing', async () => {
    const before = (await ctx.database.db.select({ id: employees.id }).from(employees).where(eq(employees.companyId, org.companyId))).length;
    const res = await invite({ name: '', email: 'not-an-email', employeeType: 'Administrative', roleIds: [] }, org.token, 'ar');
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ name: 'الاسم مطلوب', email: 'صيغة البريد الإلكتروني غير صحيحة', roleIds: 'يجب اختيار دور واحد على الأقل' });
    const taken = await invite({ ...person(), email: `${org.adminUsername}@example.test` });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message.fields).toEqual({ email: 'This email address is already used by another account' });
    const count = (await ctx.database.db.select({ id: employees.id }).from(employees).where(eq(employees.companyId, org.companyId))).length;
    expect(count).toBe(before);
    expect(smtp.messages).toHaveLength(0);
  });

  it('does not invite a second person with the address of someone invited already (single sign-on finds people by it)', async () => {
    const first = person();
    expect((await invite(first)).statusCode).toBe(201);
    const again = await invite({ ...person(), email: first.email }, org.token, 'ar');
    expect(again.statusCode).toBe(409);
    expect(body(again).message.fields).toEqual({ email: 'عنوان البريد الإلكتروني هذا مستخدم في حساب آخر' });
  });

  it('does not let a user administrator hand out more than they hold', async () => {
    const lead = await ctx.app.inject({ method: 'POST', url: '/api/roles', headers: auth(org.token), payload: { name: `Inviter ${n}`, permissions: ['user_read', 'user_create'] } });
    const inviterRole = body(lead).data._id as string;
    const username = `inviter_${Date.now()}`;
    await createAccount(ctx.database.db, org.companyId, new Map([['Inviter', inviterRole]]), {
      name: 'Inviter', username, email: `${username}@clinic.example`, password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['Inviter'],
    });
    const token = (await login(ctx, username, TEST_PASSWORD)).accessToken;
    const res = await invite({ ...person(), roleIds: [org.roleIds.get('Admin')!] }, token);
    expect(res.statusCode).toBe(403);
    expect(body(res).message.code).toBe('GRANT_BEYOND_OWN');
    expect((await invite({ ...person(), roleIds: [inviterRole] }, token)).statusCode).toBe(201);
  });
});

describe('an invitation link', () => {
  it('lapses: the page says it expired, and accepting it does nothing', async () => {
    const sent = body(await invite(person())).data;
    const { token } = await mailedLink(sent.email);
    await ctx.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(invitations.companyId, org.companyId), eq(invitations.id, sent._id)));
    const res = await lookup(token, 'ar');
    expect(res.statusCode).toBe(410);
    expect(body(res).message.message).toBe('انتهت صلاحية هذه الدعوة. اطلب من عيادتك إرسال دعوة جديدة.');
    expect((await accept({ token, username: `late_${n}`, password: 'Late#Pass26', confirmPassword: 'Late#Pass26' })).statusCode).toBe(410);
    const listed = body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${sent.employee}`, headers: auth(org.token) })).data;
    expect(listed.invitation).toMatchObject({ expired: true });
  });

  it('is replaced by a new one: the old link stops, the new one works', async () => {
    const sent = body(await invite(person())).data;
    const old = await mailedLink(sent.email);
    smtp.messages.length = 0;
    const again = await ctx.app.inject({ method: 'POST', url: `/api/employees/${sent.employee}/invitation`, headers: auth(org.token) });
    expect(again.statusCode).toBe(201);
    const fresh = await mailedLink(sent.email);
    expect(fresh.token).not.toBe(old.token);
    expect(body(await lookup(old.token)).message.code).toBe('INVITATION_INVALID');
    expect((await lookup(fresh.token)).statusCode).toBe(200);
  });

  it('stops when the person is deactivated, and reactivating does not bring it back', async () => {
    const sent = body(await invite(person())).data;
    const { token } = await mailedLink(sent.email);
    const off = await ctx.app.inject({ method: 'PUT', url: `/api/employees/${sent.employee}`, headers: auth(org.token), payload: await withVersion(ctx, 'employees', sent.employee, { isActive: false }) as Record<string, unknown> });
    expect(off.statusCode).toBe(200);
    expect((await lookup(token)).statusCode).toBe(404);
    await ctx.app.inject({ method: 'PUT', url: `/api/employees/${sent.employee}`, headers: auth(org.token), payload: await withVersion(ctx, 'employees', sent.employee, { isActive: true }) as Record<string, unknown> });
    expect(body(await lookup(token)).message.code).toBe('INVITATION_INVALID');
    expect((await accept({ token, username: `back_${n}`, password: 'Back#Pass26', confirmPassword: 'Back#Pass26' })).statusCode).toBe(404);
  });

  it('stops when the person\'s e-mail is corrected: the link mailed to the old address sets up nothing, a new one goes to the new address', async () => {
    const p = { ...person(), email: `dr.typo.${n}@wrong-domain.example` };
    const sent = body(await invite(p)).data;
    const { token } = await mailedLink(p.email);
    const corrected = `dr.right.${n}@clinic.example`;
    const fix = await ctx.app.inject({
      method: 'PUT', url: `/api/employees/${sent.employee}`, headers: auth(org.token),
      payload: await withVersion(ctx, 'employees', sent.employee, { email: corrected }) as Record<string, unknown>,
    });
    expect(fix.statusCode).toBe(200);
    // Still invited (listed with the users, holding the new address), the invitation ended: the users list offers to send it again.
    expect(body(fix).data).toMatchObject({ email: corrected, hasAccount: false, invitation: { expired: true } });
    const users = body(await ctx.app.inject({ method: 'GET', url: `/api/employees?hasAccount=true&search=${encodeURIComponent(p.name)}`, headers: auth(org.token) })).data;
    expect(users).toMatchObject([{ _id: sent.employee, invitation: { expired: true } }]);

    // Whoever holds the mistyped mailbox gets no account.
    const page = await lookup(token, 'ar');
    expect(page.statusCode).toBe(410);
    expect(body(page).message.message).toBe('انتهت صلاحية هذه الدعوة. اطلب من عيادتك إرسال دعوة جديدة.');
    const taken = await accept({ token, username: `stranger_${n}`, password: 'Stranger#12', confirmPassword: 'Stranger#12' });
    expect(taken.statusCode).toBe(410);
    expect(await ctx.database.db.select({ username: employees.username, passwordHash: employees.passwordHash }).from(employees)
      .where(and(eq(employees.companyId, org.companyId), eq(employees.id, sent.employee)))).toEqual([{ username: null, passwordHash: null }]);
    const audit = await ctx.database.db.select().from(auditLog)
      .where(and(eq(auditLog.companyId, org.companyId), eq(auditLog.entity, 'invitation'), eq(auditLog.entityId, sent._id)));
    expect(audit).toMatchObject([{ action: 'revoke', actorId: org.adminId, changes: { reason: 'email_changed', employee: sent.employee } }]);

    // Sending it again mails the corrected address, and that link sets up the account.
    smtp.messages.length = 0;
    const again = await ctx.app.inject({ method: 'POST', url: `/api/employees/${sent.employee}/invitation`, headers: auth(org.token) });
    expect(again.statusCode).toBe(201);
    expect(body(again).data.email).toBe(corrected);
    const fresh = await mailedLink(corrected);
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes(p.email))).toEqual([]);
    const username = `right_${n}_${Date.now() % 100000}`;
    expect((await accept({ token: fresh.token, username, password: 'Right#Pass26', confirmPassword: 'Right#Pass26' })).statusCode).toBe(200);
    expect((await login(ctx, username, 'Right#Pass26')).user.email).toBe(corrected);
  });

  it('is left alone by an edit that keeps the e-mail (in other letter case too)', async () => {
    const sent = body(await invite(person())).data;
    const { token } = await mailedLink(sent.email);
    const edit = await ctx.app.inject({
      method: 'PUT', url: `/api/employees/${sent.employee}`, headers: auth(org.token),
      payload: await withVersion(ctx, 'employees', sent.employee, { name: 'Reem Al-Harbi', email: sent.email.toUpperCase() }) as Record<string, unknown>,
    });
    expect(edit.statusCode).toBe(200);
    expect(body(edit).data.invitation).toMatchObject({ expired: false });
    expect((await lookup(token)).statusCode).toBe(200);
  });

  it('goes with the person when they are deleted', async () => {
    const sent = body(await invite(person())).data;
    const { token } = await mailedLink(sent.email);
    const gone = await ctx.app.inject({ method: 'DELETE', url: `/api/employees/${sent.employee}`, headers: auth(org.token) });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(body(await lookup(token)).message.code).toBe('INVITATION_INVALID');
  });

  it('is refused when forged, or when it is another kind of link', async () => {
    const sent = body(await invite(person())).data;
    const { token } = await mailedLink(sent.email);
    const [head, claims] = token.split('.');
    expect((await lookup(`${head}.${claims}.AAAA`)).statusCode).toBe(404);
    const visit = await signPatientLink(ctx.config.jwtSecret!, { companyId: org.companyId, appointmentId: sent._id }, new Date(Date.now() + 3_600_000));
    expect((await lookup(visit)).statusCode).toBe(404);
    expect((await lookup('')).statusCode).toBe(422);
  });

  it('gives a field error for a taken user name or a weak password, and stays usable', async () => {
    const sent = body(await invite(person())).data;
    const { token } = await mailedLink(sent.email);
    const weak = await accept({ token, username: `weak_${n}`, password: 'password', confirmPassword: 'password' });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(body(weak).message.fields)).toEqual(['password']);
    const taken = await accept({ token, username: org.adminUsername, password: 'Strong#Pass26', confirmPassword: 'Strong#Pass26' });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message.fields).toEqual({ username: 'This user name is already taken' });
    expect((await lookup(token)).statusCode).toBe(200);
  });

  it('sets up one account when the same link is submitted twice at once', async () => {
    const sent = body(await invite(person())).data;
    const { token } = await mailedLink(sent.email);
    const [a, b] = await Promise.all([
      accept({ token, username: `twin_a_${n}`, password: 'Twin#Pass26', confirmPassword: 'Twin#Pass26' }),
      accept({ token, username: `twin_b_${n}`, password: 'Twin#Pass26', confirmPassword: 'Twin#Pass26' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [row] = await ctx.database.db.select({ username: employees.username }).from(employees).where(and(eq(employees.companyId, org.companyId), eq(employees.id, sent.employee)));
    expect([`twin_a_${n}`, `twin_b_${n}`]).toContain(row!.username);
  });
});

describe('a person who signs in without a password', () => {
  type Way = 'single sign-on' | 'passkey';

  /** What single sign-on or a passkey registration leaves on an account: an identity at the provider, or a passkey. */
  async function signsInBy(way: Way, employeeId: string) {
    n += 1;
    if (way === 'single sign-on') {
      await ctx.database.db.insert(externalIdentities).values({ companyId: org.companyId, issuer: 'https://idp.clinic.example', subject: `person-${n}`, employeeId });
    } else {
      await ctx.database.db.insert(passkeys).values({
        companyId: org.companyId, employeeId, name: 'Laptop', credentialId: `credential-${n}-${Date.now()}`, publicKey: 'x', counter: 0,
        transports: [], deviceType: 'singleDevice', backedUp: false,
      });
    }
  }

  /** An account as single sign-on makes it (no user name, no password) or one left with a passkey alone. */
  async function passwordless(way: Way) {
    const p = person();
    const [row] = await ctx.database.db.insert(employees).values({
      companyId: org.companyId, publicId: `EMP-NOPW-${n}-${Date.now()}`, name: p.name, email: p.email, employeeType: 'Nurse',
    }).returning({ id: employees.id });
    await signsInBy(way, row!.id);
    return { id: row!.id, ...p };
  }

  const stored = async (id: string) => (await ctx.database.db.select({ username: employees.username, passwordHash: employees.passwordHash })
    .from(employees).where(and(eq(employees.companyId, org.companyId), eq(employees.id, id))))[0];
  const invitationsOf = (id: string) => ctx.database.db.select({ id: invitations.id }).from(invitations)
    .where(and(eq(invitations.companyId, org.companyId), eq(invitations.employeeId, id)));
  const record = async (id: string) => body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${id}`, headers: auth(org.token) })).data;

  it.each([
    ['single sign-on' as const, 'en', 'This person already signs in with single sign-on or a passkey and needs no invitation'],
    ['passkey' as const, 'ar', 'يسجّل هذا الشخص الدخول بالفعل عبر تسجيل الدخول الموحّد أو بمفتاح مرور، ولا يحتاج إلى دعوة'],
  ])('is not invited: an account that signs in by %s gets no link, and is listed without one', async (way, lang, message) => {
    const account = await passwordless(way);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/employees/${account.id}/invitation`, headers: auth(org.token, lang) });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toEqual({ code: 'INVITATION_NOT_PENDING', message });
    expect(await invitationsOf(account.id)).toEqual([]);
    await ctx.app.jobs.runDue(new Date(Date.now() + 1000));
    expect(smtp.messages).toHaveLength(0);
    const users = body(await ctx.app.inject({ method: 'GET', url: `/api/employees?hasAccount=true&search=${encodeURIComponent(account.name)}`, headers: auth(org.token) })).data;
    expect(users).toMatchObject([{ _id: account.id, hasAccount: true, invitation: null }]);
  });

  it.each(['single sign-on' as const, 'passkey' as const])('cannot take up an invitation sent before they signed in by %s', async (way) => {
    const sent = body(await invite(person())).data;
    const { token } = await mailedLink(sent.email);
    await signsInBy(way, sent.employee);

    const page = await lookup(token, 'ar');
    expect(page.statusCode).toBe(409);
    expect(body(page).message).toEqual({
      code: 'INVITATION_USED',
      message: 'لم يعد بالإمكان استخدام هذه الدعوة: حسابك يسجّل الدخول بالفعل عبر تسجيل الدخول الموحّد أو بمفتاح مرور. سجّل الدخول بهذه الطريقة.',
    });
    const username = `late_${n}_${Date.now() % 100000}`;
    const res = await accept({ token, username, password: 'Taken#Over26', confirmPassword: 'Taken#Over26' });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toEqual({
      code: 'INVITATION_USED',
      message: 'This invitation can no longer be used: your account already signs in with single sign-on or a passkey. Sign in that way.',
    });
    // No password was set: the link's holder cannot sign in to the account.
    expect(await stored(sent.employee)).toEqual({ username: null, passwordHash: null });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: username, password: 'Taken#Over26' } })).statusCode).toBe(401);
    expect(await record(sent.employee)).toMatchObject({ hasAccount: true, invitation: null });
    // Nor is it sent again.
    expect((await ctx.app.inject({ method: 'POST', url: `/api/employees/${sent.employee}/invitation`, headers: auth(org.token) })).statusCode).toBe(409);
  });

  it.each([
    ['single sign-on' as const, 'en', 'This email address is already used by another account'],
    ['passkey' as const, 'ar', 'عنوان البريد الإلكتروني هذا مستخدم في حساب آخر'],
  ])('keeps its e-mail when it signs in by %s: nobody else is invited with it or given it', async (way, lang, message) => {
    const account = await passwordless(way);
    const res = await invite({ ...person(), email: account.email }, org.token, lang);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toMatchObject({ code: 'DUPLICATE', message, fields: { email: message } });
    // Nor is an account holder (invited, or with a password) changed to it.
    const invited = body(await invite(person())).data.employee as string;
    const username = `holder_${n}_${Date.now() % 100000}`;
    const withPassword = (await createAccount(ctx.database.db, org.companyId, org.roleIds, {
      name: 'Holder', username, email: `${username}@clinic.example`, password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['Receptionist'],
    })).id;
    for (const id of [invited, withPassword]) {
      const edit = await ctx.app.inject({
        method: 'PUT', url: `/api/employees/${id}`, headers: auth(org.token, lang),
        payload: await withVersion(ctx, 'employees', id, { email: account.email.toUpperCase() }) as Record<string, unknown>,
      });
      expect(edit.statusCode).toBe(409);
      expect(body(edit).message.fields).toEqual({ email: message });
    }
    const holders = await ctx.database.db.select({ id: employees.id }).from(employees)
      .where(and(eq(employees.companyId, org.companyId), sql`lower(${employees.email}) = ${account.email}`));
    expect(holders).toEqual([{ id: account.id }]);
  });

  it('is not e-mailed an invitation that was waiting to be sent when they signed in by single sign-on', async () => {
    const sent = body(await invite(person())).data;
    await signsInBy('single sign-on', sent.employee);
    await ctx.app.jobs.runDue(new Date(Date.now() + 1000));
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes(sent.email))).toEqual([]);
  });
});
