import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashBoxCloses, doctorShareEntries } from '../../db/schema/index.js';
import { body } from '../../test/harness.js';
import { onPostgres, paidShareInvoice, racingOrg } from './fixtures.js';

/*
 * A day close racing a late payment, on PostgreSQL only (DATABASE_URL): there the two requests really run side by
 * side on a pool of connections. Whichever wins, the payment's share entry is either locked by that close (and its
 * money counted in the close) or left open for the next one: never lost, never twice.
 */

const t = racingOrg();

const ROUNDS = 10;

describe.runIf(onPostgres)('a day close racing a late payment', () => {
  it(`keeps every entry exactly once, locked by the close or open, ${ROUNDS} times over`, async () => {
    const { ctx, org } = t;
    for (let round = 0; round < ROUNDS; round++) {
      const { p, inv, post } = await paidShareInvoice(ctx, org, 10_000);

      const [closed, paid] = await Promise.all([
        post(`/api/cash-boxes/${p.box}/close`, { counted: 10_000 }),
        post(`/api/invoices/${inv._id}/payments`, { method: 'cash', amount: 13_000, cashBox: p.box }),
      ]);
      expect(closed.statusCode, closed.body).toBe(201);
      expect(paid.statusCode, paid.body).toBe(201);
      const closeId = body(closed).data._id as string;
      const [close] = await ctx.database.db.select().from(cashBoxCloses).where(and(eq(cashBoxCloses.companyId, org.companyId), eq(cashBoxCloses.id, closeId)));

      const entries = await ctx.database.db.select().from(doctorShareEntries)
        .where(and(eq(doctorShareEntries.companyId, org.companyId), eq(doctorShareEntries.invoiceId, inv._id)));
      // Two payments, two entries: 100.00 -> 30.43, then the rest of 70.00 (39.57); hand-computed in doctor-shares.int.test.ts.
      expect(entries.map((e) => e.share).sort((a, b) => a - b)).toEqual([3043, 3957]);
      expect(entries.reduce((s, e) => s + e.share, 0)).toBe(7000);
      for (const e of entries) expect([closeId, null]).toContain(e.closeId);
      const first = entries.find((e) => e.taken === 10_000)!;
      const late = entries.find((e) => e.taken === 13_000)!;
      expect(first.closeId).toBe(closeId);
      // The late payment's share is locked by the close exactly when its money was in the close's expected balance.
      const counted = close!.expected === 23_000;
      expect(late.closeId === closeId).toBe(counted);
      if (!counted) expect(close!.expected).toBe(10_000);
    }
  });
});
