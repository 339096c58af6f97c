import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { clinicBody, companyBody } from '../../test/organisation-fixtures.js';
import { asLoadedNow, versionOf } from '../../test/versions.js';
import { createAccount } from '../organisation/provision.js';

/*
 * Display settings: the company's Hijri mode, each user's own Hijri mode and digits (kept with the user, carried by the
 * session), and each clinic's week (first day, weekend days).
 */

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let nurse: string;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { plan: 'company', name: 'Riyadh Care' });
  b = await createOrg(ctx, { plan: 'company', name: 'Cairo Care' });
  await createAccount(ctx.database.db, a.companyId, a.roleIds, {
    name: 'Huda Salem', username: 'd_nurse', email: 'd_nurse@a.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
  });
  nurse = (await login(ctx, 'd_nurse', TEST_PASSWORD)).accessToken;
});
afterAll(() => ctx.close());

const send = async (method: 'POST' | 'PUT' | 'GET', token: string, url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload ? { payload: (await asLoadedNow(ctx, method, url, payload)) as object } : {}) });
const profile = async (token: string) => body(await send('GET', token, '/api/profile')).data as { preferences: Record<string, unknown> };

async function auditRows(companyId: string, action: string, entity: string) {
  return ctx.database.query<{ changes: { before: Record<string, unknown>; after: Record<string, unknown> } | null; actor_id: string }>(
    'select changes, actor_id from audit_log where company_id = $1 and action = $2 and entity = $3 order by created_at',
    [companyId, action, entity],
  );
}

describe('the company\'s Hijri mode', () => {
  it('starts off, is set by whoever may edit the company, audited, and reaches every session', async () => {
    expect((await profile(nurse)).preferences).toEqual({ hijriMode: 'off', hijriModeOverride: null, companyHijriMode: 'off', digits: 'latn', startScreen: null, clinicId: null });
    await send('POST', a.token, '/api/companies', companyBody());
    const res = await send('PUT', a.token, `/api/companies/${a.companyId}`, { ...companyBody(), hijriMode: 'beside' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.hijriMode).toBe('beside');
    expect((await profile(nurse)).preferences).toMatchObject({ hijriMode: 'beside', companyHijriMode: 'beside', hijriModeOverride: null });
    const audit = await auditRows(a.companyId, 'update', 'company');
    expect(audit.at(-1)?.changes).toMatchObject({ before: { hijriMode: 'off' }, after: { hijriMode: 'beside' } });
    // Another company's setting is its own.
    expect((await profile(b.token)).preferences.hijriMode).toBe('off');
  });

  it('refuses an unknown mode with a translated message and changes nothing; a nurse may not set it', async () => {
    const en = await send('PUT', a.token, `/api/companies/${a.companyId}`, { ...companyBody(), hijriMode: 'lunar' });
    expect(en.statusCode).toBe(422);
    expect(body(en).message.fields).toEqual({ hijriMode: 'Hijri dates must be off, beside the Gregorian date, or primary' });
    const ar = await send('PUT', a.token, `/api/companies/${a.companyId}`, { ...companyBody(), hijriMode: 'lunar' }, 'ar');
    expect(body(ar).message.fields).toEqual({ hijriMode: 'يجب أن يكون التاريخ الهجري معطّلًا أو بجانب التاريخ الميلادي أو أساسيًا' });
    expect((await send('PUT', nurse, `/api/companies/${a.companyId}`, { ...companyBody(), hijriMode: 'primary' })).statusCode).toBe(403);
    expect(body(await send('GET', a.token, '/api/companies')).data[0].hijriMode).toBe('beside');
  });
});

describe('PUT /api/profile/preferences', () => {
  it('keeps each user\'s own Hijri mode and digits with their profile, audited, and null follows the company again', async () => {
    const res = await send('PUT', nurse, '/api/profile/preferences', { hijriMode: 'primary', digits: 'arab' }, 'ar');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('تم حفظ إعدادات العرض');
    expect(body(res).data.preferences).toMatchObject({ hijriMode: 'primary', hijriModeOverride: 'primary', companyHijriMode: 'beside', digits: 'arab' });
    // Saved server-side: a new sign-in carries it.
    const again = await login(ctx, 'd_nurse', TEST_PASSWORD);
    expect((again.user as { preferences: unknown }).preferences).toMatchObject({ hijriMode: 'primary', digits: 'arab' });
    // The administrator's own settings are untouched.
    expect((await profile(a.token)).preferences).toMatchObject({ hijriMode: 'beside', digits: 'latn' });

    const back = await send('PUT', nurse, '/api/profile/preferences', { hijriMode: null, digits: 'arab' });
    expect(body(back).data.preferences).toMatchObject({ hijriMode: 'beside', hijriModeOverride: null, companyHijriMode: 'beside', digits: 'arab' });

    const audit = await auditRows(a.companyId, 'preferences_update', 'employee');
    expect(audit.map((r) => r.changes)).toEqual([
      { before: { hijriMode: null, digits: 'latn' }, after: { hijriMode: 'primary', digits: 'arab' } },
      { before: { hijriMode: 'primary' }, after: { hijriMode: null } },
    ]);
  });

  it('refuses unknown values and other fields with translated messages, and needs a session', async () => {
    const bad = await send('PUT', nurse, '/api/profile/preferences', { hijriMode: 'sometimes', digits: 'roman' });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message.fields).toEqual({
      hijriMode: 'Hijri dates must be off, beside the Gregorian date, or primary',
      digits: 'Digits must be Western (0-9) or Arabic-Indic (٠-٩)',
    });
    const ar = await send('PUT', nurse, '/api/profile/preferences', { hijriMode: 'off', digits: 'roman' }, 'ar');
    expect(body(ar).message.fields).toEqual({ digits: 'يجب أن تكون الأرقام غربية (0-9) أو عربية هندية (٠-٩)' });
    expect((await send('PUT', nurse, '/api/profile/preferences', { hijriMode: 'off', digits: 'latn', employeeId: a.adminId })).statusCode).toBe(422);
    const anonymous = await ctx.app.inject({ method: 'PUT', url: '/api/profile/preferences', payload: { hijriMode: 'off', digits: 'latn' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await profile(nurse)).preferences).toMatchObject({ hijriMode: 'beside', digits: 'arab' });
  });
});

describe('a clinic\'s week', () => {
  it('starts on Sunday with a Friday-Saturday weekend unless set; accepts Arabic-Indic digits; audits a change', async () => {
    const plain = await send('POST', a.token, '/api/clinics', clinicBody(a.adminId, { name: 'Plain Clinic' }));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(body(plain).data).toMatchObject({ firstDayOfWeek: 0, weekendDays: [5, 6] });

    const res = await send('POST', a.token, '/api/clinics', clinicBody(a.adminId, { name: 'Saturday Clinic', firstDayOfWeek: '٦' as unknown as number, weekendDays: [5] }));
    expect(res.statusCode, res.body).toBe(201);
    const id = body(res).data._id as string;
    expect(body(res).data).toMatchObject({ firstDayOfWeek: 6, weekendDays: [5] });
    const listed = body(await send('GET', a.token, '/api/clinics?search=Saturday')).data as Array<{ firstDayOfWeek: number; weekendDays: number[] }>;
    expect(listed[0]).toMatchObject({ firstDayOfWeek: 6, weekendDays: [5] });

    // An edit that leaves the week out keeps it; one that names it changes it, audited.
    const keep = await send('PUT', a.token, `/api/clinics/${id}`, clinicBody(a.adminId, { name: 'Saturday Clinic', overview: 'Renamed' }));
    expect(keep.statusCode, keep.body).toBe(200);
    expect(body(keep).data).toMatchObject({ firstDayOfWeek: 6, weekendDays: [5] });
    const change = await send('PUT', a.token, `/api/clinics/${id}`, clinicBody(a.adminId, { name: 'Saturday Clinic', firstDayOfWeek: 1, weekendDays: [6, 5] }));
    expect(body(change).data).toMatchObject({ firstDayOfWeek: 1, weekendDays: [5, 6] });
    const audit = await auditRows(a.companyId, 'update', 'clinic');
    expect(audit.at(-1)?.changes).toMatchObject({ before: { firstDayOfWeek: 6, weekendDays: [5] }, after: { firstDayOfWeek: 1, weekendDays: [5, 6] } });
  });

  it('refuses a day outside 0..6, a repeated weekend day and an all-week weekend (translated), changing nothing', async () => {
    const created = await send('POST', a.token, '/api/clinics', clinicBody(a.adminId, { name: 'Checked Clinic' }));
    const id = body(created).data._id as string;
    const version = await versionOf(ctx, 'clinics', id);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ firstDayOfWeek: 7 }, { firstDayOfWeek: 'A day of the week is a number from 0 (Sunday) to 6 (Saturday)' }],
      [{ weekendDays: [5, 5] }, { weekendDays: 'Each weekend day once' }],
      [{ weekendDays: [0, 1, 2, 3, 4, 5, 6] }, { weekendDays: 'The weekend cannot be the whole week' }],
      [{ weekendDays: [9] }, { 'weekendDays.0': 'A day of the week is a number from 0 (Sunday) to 6 (Saturday)' }],
    ];
    for (const [overrides, fields] of cases) {
      const res = await send('PUT', a.token, `/api/clinics/${id}`, clinicBody(a.adminId, { name: 'Checked Clinic', ...overrides }));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(body(res).message.fields).toEqual(fields);
    }
    const ar = await send('PUT', a.token, `/api/clinics/${id}`, clinicBody(a.adminId, { name: 'Checked Clinic', weekendDays: [5, 5] }), 'ar');
    expect(body(ar).message.fields).toEqual({ weekendDays: 'كل يوم من أيام العطلة مرة واحدة' });
    expect(await versionOf(ctx, 'clinics', id)).toBe(version);
    expect(body(await send('GET', a.token, `/api/clinics/${id}`)).data).toMatchObject({ firstDayOfWeek: 0, weekendDays: [5, 6] });
    // A nurse cannot change a clinic's week.
    expect((await send('PUT', nurse, `/api/clinics/${id}`, clinicBody(a.adminId, { name: 'Checked Clinic', firstDayOfWeek: 6 }))).statusCode).toBe(403);
  });
});
