import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { zonedInstant } from '@clinic/shared';
import { appointments, patients } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { createAccount } from '../organisation/provision.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from './fixtures.js';

/**
 * The printed day schedule (`/print/schedule`) lists each patient's phone, so the front desk can call them: the day's
 * records carry it when asked `withPhone=true`, to a caller who may read patients; to others it stays empty.
 */
const TZ = 'Asia/Riyadh';
let ctx: TestContext;
let org: TestOrg;
const ids: Record<string, string> = {};
const DAY = nextWeekday('Monday', TZ, 2);
const day = (extra = '') => `/api/appointments?clinic=${ids.clinic}&date=${DAY}&allData=true&sortBy=datetime&order=asc${extra}`;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx, { name: 'Print' });
  const db = ctx.database.db;
  ids.clinic = (await insertClinic(db, org.companyId, { timeZone: TZ })).id;
  ids.doctor = (await insertDoctor(db, org.companyId, { clinics: [ids.clinic] })).id;
  ids.service = (await insertService(db, org.companyId, { clinicId: ids.clinic, doctors: [ids.doctor] })).id;
  ids.withPhone = (await insertPatient(db, org.companyId, { name: 'Reem Phone' })).id;
  ids.noPhone = (await insertPatient(db, org.companyId, { name: 'Omar Nophone' })).id;
  await db.update(patients).set({ phone: '+966 50 123 4567' }).where(eq(patients.id, ids.withPhone));
  for (const [i, [time, patient]] of ([['09:00', ids.withPhone], ['10:00', ids.noPhone]] as const).entries()) {
    const startsAt = zonedInstant(DAY, time, TZ);
    await db.insert(appointments).values({
      companyId: org.companyId, publicId: `APT-PRINT-${i}`, patientId: patient!, doctorId: ids.doctor!, clinicId: ids.clinic!, serviceId: ids.service!,
      reason: 'Check-up', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    });
  }
  const role = await ctx.app.inject({ method: 'POST', url: '/api/roles', headers: auth(org.token), payload: { name: 'Schedule only', permissions: ['appointment_read'] } });
  await createAccount(db, org.companyId, new Map([['s', body(role).data._id]]), {
    name: 'Scheduler', username: 'scheduler', email: 'scheduler@example.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['s'],
  });
}, 120_000);
afterAll(() => ctx?.close());

describe('the printed day schedule', () => {
  it('carries each patient\'s phone when asked, and only then', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: day('&withPhone=true'), headers: auth(org.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.map((a: { patient: { name: string }; patientPhone: string | null }) => [a.patient.name, a.patientPhone])).toEqual([
      ['Reem Phone', '+966 50 123 4567'],
      ['Omar Nophone', null],
    ]);
    const plain = body(await ctx.app.inject({ method: 'GET', url: day(), headers: auth(org.token) })).data;
    expect(plain).toHaveLength(2);
    expect(plain[0]).not.toHaveProperty('patientPhone');
  });

  it('leaves the phone empty to a caller who may read appointments but not patients', async () => {
    const token = (await login(ctx, 'scheduler', TEST_PASSWORD)).accessToken;
    const res = await ctx.app.inject({ method: 'GET', url: day('&withPhone=true'), headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.map((a: { patientPhone: string | null }) => a.patientPhone)).toEqual([null, null]);
  });

  it('refuses a malformed withPhone with a translated 422', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: day('&withPhone=yes'), headers: auth(org.token, 'ar') });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields.withPhone).toBeTruthy();
  });
});
