import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { clinicBody } from '../../test/organisation-fixtures.js';
import { asLoadedNow } from '../../test/versions.js';
import { createAccount } from '../organisation/provision.js';

/*
 * What a user's day opens on, kept with their display settings: the start screen they chose, and the clinic the board,
 * calendar, cash boxes and My day open first (the last one chosen, else the first one they work at).
 */

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let doctor: string;
let doctorId: string;
let north: string;
let south: string;
let otherCompanyClinic: string;

const send = async (method: 'PUT' | 'GET' | 'PATCH', token: string, url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload ? { payload: (await asLoadedNow(ctx, method, url, payload)) as object } : {}) });
const preferences = async (token: string) => (body(await send('GET', token, '/api/profile')).data as { preferences: Record<string, unknown> }).preferences;
const newClinic = async (org: TestOrg, name: string) => {
  const created = await ctx.app.inject({ method: 'POST', url: '/api/clinics', headers: auth(org.token), payload: clinicBody(org.adminId, { name }) as object });
  if (created.statusCode !== 201) throw new Error(created.body);
  return body(created).data._id as string;
};
const auditRows = (companyId: string) =>
  ctx.database.query<{ changes: unknown }>(
    "select changes from audit_log where company_id = $1 and action = 'preferences_update' and entity_id = $2 order by created_at",
    [companyId, doctorId],
  );

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { plan: 'company' });
  b = await createOrg(ctx, { plan: 'company' });
  north = await newClinic(a, 'North Clinic');
  south = await newClinic(a, 'South Clinic');
  otherCompanyClinic = await newClinic(b, 'Elsewhere Clinic');
  const row = await createAccount(ctx.database.db, a.companyId, a.roleIds, {
    name: 'Dr. Rania Aziz', username: 's_doctor', email: 's_doctor@a.test', password: TEST_PASSWORD, employeeType: 'Doctor', roleNames: ['Doctor'],
  });
  doctorId = row.id;
  // She works at the second clinic only.
  await ctx.database.query('insert into employee_clinics (company_id, employee_id, clinic_id) values ($1, $2, $3)', [a.companyId, doctorId, south]);
  doctor = (await login(ctx, 's_doctor', TEST_PASSWORD)).accessToken;
});
afterAll(() => ctx.close());

describe('the clinic a day opens on', () => {
  it('is the clinic the user works at, not the first of the organisation; none for a user who works at none', async () => {
    expect(await preferences(doctor)).toMatchObject({ clinicId: south, startScreen: null });
    expect((await preferences(a.token)).clinicId).toBeNull();
    // The built-in Doctor role holds My day.
    expect((await login(ctx, 's_doctor', TEST_PASSWORD)).user.permissions).toContain('my_day');
  });

  it('is the last one chosen, kept on the server for every device, audited once per change', async () => {
    const res = await send('PUT', doctor, '/api/profile/clinic', { clinicId: north });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.preferences.clinicId).toBe(north);
    // A new sign-in (another device) opens on it.
    expect((await login(ctx, 's_doctor', TEST_PASSWORD)).user.preferences).toMatchObject({ clinicId: north });
    // Choosing it again changes nothing and writes no second row.
    await send('PUT', doctor, '/api/profile/clinic', { clinicId: north });
    expect((await auditRows(a.companyId)).map((r) => r.changes)).toEqual([{ before: { lastClinicId: null }, after: { lastClinicId: north } }]);
  });

  it('falls back to the clinic worked at once the chosen one is closed', async () => {
    await ctx.database.query('update clinics set is_active = false where id = $1', [north]);
    expect((await preferences(doctor)).clinicId).toBe(south);
    await ctx.database.query('update clinics set is_active = true where id = $1', [north]);
  });

  it('refuses another company\'s clinic, a closed one and a malformed id (translated), changing nothing', async () => {
    const other = await send('PUT', doctor, '/api/profile/clinic', { clinicId: otherCompanyClinic });
    expect(other.statusCode).toBe(422);
    expect(body(other).message.fields).toEqual({ clinicId: 'Choose a clinic from the list' });
    const ar = await send('PUT', doctor, '/api/profile/clinic', { clinicId: 'north' }, 'ar');
    expect(ar.statusCode).toBe(422);
    expect(body(ar).message.fields).toEqual({ clinicId: 'اختر عيادة من القائمة' });
    await ctx.database.query('update clinics set is_active = false where id = $1', [south]);
    expect((await send('PUT', doctor, '/api/profile/clinic', { clinicId: south })).statusCode).toBe(422);
    await ctx.database.query('update clinics set is_active = true where id = $1', [south]);
    expect((await send('PUT', doctor, '/api/profile/clinic', { clinicId: north, extra: 1 })).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/profile/clinic', payload: { clinicId: north } })).statusCode).toBe(401);
    expect((await preferences(doctor)).clinicId).toBe(north);
  });
});

describe('the start screen', () => {
  it('is saved with the display settings, audited, kept when left out and cleared with null', async () => {
    const res = await send('PUT', doctor, '/api/profile/preferences', { hijriMode: null, digits: 'latn', startScreen: '/frontdesk' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.preferences.startScreen).toBe('/frontdesk');
    expect((await login(ctx, 's_doctor', TEST_PASSWORD)).user.preferences).toMatchObject({ startScreen: '/frontdesk' });
    // Saving the other settings without it keeps it.
    await send('PUT', doctor, '/api/profile/preferences', { hijriMode: 'beside', digits: 'latn' });
    expect((await preferences(doctor)).startScreen).toBe('/frontdesk');
    await send('PUT', doctor, '/api/profile/preferences', { hijriMode: 'beside', digits: 'latn', startScreen: null });
    expect((await preferences(doctor)).startScreen).toBeNull();
    const changes = (await auditRows(a.companyId)).map((r) => r.changes);
    expect(changes).toContainEqual({ before: { startScreen: null }, after: { startScreen: '/frontdesk' } });
    expect(changes).toContainEqual({ before: { startScreen: '/frontdesk' }, after: { startScreen: null } });
  });

  it('refuses a screen not on the list (translated) and changes nothing', async () => {
    await send('PUT', doctor, '/api/profile/preferences', { hijriMode: null, digits: 'latn', startScreen: '/my-day' });
    const bad = await send('PUT', doctor, '/api/profile/preferences', { hijriMode: null, digits: 'latn', startScreen: '/roles' });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message.fields).toEqual({ startScreen: 'Choose a start screen from the list' });
    const ar = await send('PUT', doctor, '/api/profile/preferences', { hijriMode: null, digits: 'latn', startScreen: 'https://evil.example' }, 'ar');
    expect(body(ar).message.fields).toEqual({ startScreen: 'اختر شاشة البداية من القائمة' });
    expect((await preferences(doctor)).startScreen).toBe('/my-day');
  });
});
