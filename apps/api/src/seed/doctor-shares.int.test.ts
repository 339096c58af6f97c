import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeTimeZone, todayIn } from '@clinic/shared';
import { contextWithOrg, seedOrgData, type TestContext, type TestOrg } from '../test/harness.js';
import { seedBilling } from './billing.js';
import { seedDoctorShares } from './doctor-shares.js';

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
  await seedOrgData(ctx, org.companyId);
  await seedBilling(ctx.database.db, org.companyId);
}, 120_000);
afterAll(() => ctx?.close());

describe('doctor\'s share seed', () => {
  it('gives every doctor a rule (a percentage, tiers, a fixed amount) and the paid invoices their share, locked by yesterday\'s day close', async () => {
    await seedDoctorShares(ctx.database.db, org.companyId);
    const q = <T>(text: string) => ctx.database.query<T & object>(text, [org.companyId]);
    const kinds = (await q<{ kind: string }>(`select distinct kind from doctor_share_rules where company_id = $1 order by kind`)).map((r) => r.kind);
    expect(kinds).toEqual(['fixed', 'percent', 'tiers']);
    const [doctors] = await q<{ n: number }>(`select count(*)::int as n from employees where company_id = $1 and employee_type = 'Doctor'
      and not exists (select 1 from doctor_share_rules r where r.company_id = employees.company_id and r.doctor_id = employees.id)`);
    expect(doctors!.n).toBe(0);
    // Every invoice with money taken (from the patient, or from the insurer on a paid claim) and a doctor has entries;
    // none without money.
    const rows = await q<{ paid: string; claimPaid: boolean; share: string | null; entries: number }>(`
      select i.paid_total::text as paid, exists (select 1 from insurance_claims c where c.company_id = i.company_id
             and c.invoice_id = i.id and c.status = 'paid') as "claimPaid", sum(e.share)::text as share, count(e.id)::int as entries
        from invoices i left join doctor_share_entries e on e.company_id = i.company_id and e.invoice_id = i.id
       where i.company_id = $1 and i.status <> 'draft' and i.doctor_id is not null group by i.company_id, i.id, i.paid_total`);
    expect(rows.some((r) => Number(r.paid) > 0)).toBe(true);
    for (const r of rows) expect(r.entries > 0).toBe(Number(r.paid) > 0 || r.claimPaid);
    expect(rows.every((r) => r.share === null || Number(r.share) > 0)).toBe(true);
    // Yesterday's close of each clinic's cash box locked them: the demo statement has a closed day.
    const [open] = await q<{ n: number }>(`select count(*)::int as n from doctor_share_entries where company_id = $1 and close_id is null`);
    expect(open!.n).toBe(0);
    const days = await q<{ day: string }>(`select distinct period_day::text as day from doctor_share_entries where company_id = $1`);
    expect(days).toHaveLength(1);
    const [company] = await q<{ tz: string }>(`select time_zone as tz from companies where id = $1`);
    expect(days[0]!.day < todayIn(safeTimeZone(company!.tz))).toBe(true);
    // No visit is later than the close that locked its share.
    const [later] = await q<{ n: number }>(`select count(*)::int as n from doctor_share_entries e
      join invoices i on i.company_id = e.company_id and i.id = e.invoice_id where e.company_id = $1 and i.visit_date > e.period_day`);
    expect(later!.n).toBe(0);
    // Seeding again changes nothing (the rules exist, the shares are up to date).
    const before = await q<{ n: number }>(`select count(*)::int as n from doctor_share_entries where company_id = $1`);
    await seedDoctorShares(ctx.database.db, org.companyId);
    expect(await q<{ n: number }>(`select count(*)::int as n from doctor_share_entries where company_id = $1`)).toEqual(before);
    expect(await q<{ n: number }>(`select count(*)::int as n from cash_box_closes where company_id = $1`)).toHaveLength(1);
  }, 120_000);
});
