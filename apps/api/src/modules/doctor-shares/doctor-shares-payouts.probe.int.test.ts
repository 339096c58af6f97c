import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { issuedInvoice, shareClinic, shareRule } from './fixtures.js';

/*
 * Two payouts at once that together exceed the balance, on PostgreSQL only (DATABASE_URL), where the requests really
 * run side by side: whatever the order, the doctor is never paid more than the 70.00 earned.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext();
  org = await createOrg(ctx);
  const settings = await ctx.app.inject({ method: 'PUT', url: '/api/billing/settings', headers: auth(org.token), payload: { currency: 'SAR', vatRatePercent: 15, version: 1 } });
  expect(settings.statusCode, settings.body).toBe(200);
}, 60_000);
afterAll(() => ctx?.close());

describe.runIf(onPostgres)('payouts racing', () => {
  it('two payouts of 50.00 against 70.00, of the same or overlapping periods: one is refused, 5 times over', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await shareClinic(ctx, org);
      await shareRule(ctx.database.db, org.companyId, p.doctor.id, { kind: 'percent', percentBasisPoints: 3500 });
      const inv = await issuedInvoice(ctx, org, p);
      const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: auth(org.token), payload });
      expect((await post(`/api/invoices/${inv._id}/payments`, { method: 'cash', amount: 23_000, cashBox: p.box })).statusCode).toBe(201);
      const closed = await post(`/api/cash-boxes/${p.box}/close`, { counted: 23_000 });
      const day = body(closed).data.date as string;
      const from = round % 2 ? '2026-01-01' : day;
      const results = await Promise.all([
        post('/api/doctor-shares/payouts', { doctor: p.doctor.id, from: day, to: day, amount: 5000, method: 'cash' }),
        post('/api/doctor-shares/payouts', { doctor: p.doctor.id, from, to: day, amount: 5000, method: 'bank_transfer' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      const s = body(await ctx.app.inject({ method: 'GET', url: `/api/doctor-shares/statement?doctor=${p.doctor.id}&from=2026-01-01&to=${day}`, headers: auth(org.token) })).data;
      expect(s.totals.share).toBe(7000);
    }
  });
});
