import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextWithOrg, seedOrgData, type TestContext, type TestOrg } from '../test/harness.js';
import { seedBilling } from './billing.js';

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
  await seedOrgData(ctx, org.companyId);
}, 120_000);
afterAll(() => ctx?.close());

describe('billing seed', () => {
  it('bills the latest completed visits: issued and numbered from 1, some paid, one credited and refunded, one draft, insurers claimed', async () => {
    await seedBilling(ctx.database.db, org.companyId);
    const q = <T>(text: string) => ctx.database.query<T & object>(text, [org.companyId]);
    const byStatus = Object.fromEntries((await q<{ status: string; n: number }>(`select status, count(*)::int as n from invoices where company_id = $1 group by status`)).map((r) => [r.status, r.n]));
    expect(byStatus.draft).toBe(1);
    expect((byStatus.paid ?? 0) + (byStatus.partially_paid ?? 0)).toBeGreaterThan(0);
    const numbers = await q<{ clinic_id: string; numbers: number[] }>(`select clinic_id, array_agg(number order by number) as numbers from invoices where company_id = $1 and number is not null group by clinic_id`);
    for (const r of numbers) expect(r.numbers).toEqual(r.numbers.map((_, i) => i + 1));
    expect((await q<{ n: number }>(`select count(*)::int as n from payments where company_id = $1 and kind = 'refund'`))[0]!.n).toBe(1);
    const [box] = await q<{ sum: string }>(`select coalesce(sum(amount), 0)::text as sum from cash_box_transactions where company_id = $1`);
    const [cash] = await q<{ sum: string }>(`select coalesce(sum(amount), 0)::text as sum from payments where company_id = $1 and method = 'cash'`);
    expect(box!.sum).toBe(cash!.sum);
    // Insured patients' covered visits open claims; the claims desk has moved the oldest along.
    const claims = await q<{ status: string; insurer: string; amount: string; share: string }>(`select c.status, c.insurer, c.amount::text as amount,
      i.insurer_share::text as share from insurance_claims c join invoices i on i.company_id = c.company_id and i.id = c.invoice_id
      where c.company_id = $1 order by i.visit_date, i.issued_at, c.id`);
    expect(claims.length).toBeGreaterThanOrEqual(4);
    expect(claims.slice(0, 3).map((c) => c.status)).toEqual(['paid', 'submitted', 'rejected']);
    expect(claims.at(-1)!.status).toBe('open');
    for (const c of claims) {
      expect(['Bupa Arabia', 'Tawuniya', 'MedGulf']).toContain(c.insurer);
      expect(Number(c.amount)).toBe(Number(c.share));
    }
  }, 120_000);
});
