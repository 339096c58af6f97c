import { describe, expect, it } from 'vitest';
import { auth, body } from '../../test/harness.js';
import { onPostgres, paidShareInvoice, racingOrg } from './fixtures.js';

/*
 * Two payouts at once that together exceed the balance, on PostgreSQL only (DATABASE_URL), where the requests really
 * run side by side: whatever the order, the doctor is never paid more than the 70.00 earned.
 */

const t = racingOrg();

describe.runIf(onPostgres)('payouts racing', () => {
  it('two payouts of 50.00 against 70.00, of the same or overlapping periods: one is refused, 5 times over', async () => {
    const { ctx, org } = t;
    for (let round = 0; round < 5; round++) {
      const { p, post } = await paidShareInvoice(ctx, org, 23_000);
      const closed = await post(`/api/cash-boxes/${p.box}/close`, { counted: 23_000 });
      const day = body(closed).data.date as string;
      const from = round % 2 ? '2026-01-01' : day;
      const results = await Promise.all([
        post('/api/doctor-shares/payouts', { doctor: p.doctor.id, from: day, to: day, amount: 5000, method: 'cash' }),
        post('/api/doctor-shares/payouts', { doctor: p.doctor.id, from, to: day, amount: 5000, method: 'transfer' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      const s = body(await ctx.app.inject({ method: 'GET', url: `/api/doctor-shares/statement?doctor=${p.doctor.id}&from=2026-01-01&to=${day}`, headers: auth(org.token) })).data;
      expect(s.totals.share).toBe(7000);
    }
  });
});
