import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, contextWithOrg, seedOrgData, type TestContext, type TestOrg } from '../test/harness.js';
import { seedWaitlist } from './waitlist.js';

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
  await seedOrgData(ctx, org.companyId);
  await seedWaitlist(ctx.database.db, org.companyId);
}, 120_000);
afterAll(() => ctx?.close());

describe('the demo\'s waitlist', () => {
  it('has patients waiting at every clinic, two booked into their appointment and two closed, numbered in order', async () => {
    const q = <T>(text: string) => ctx.database.query<T & object>(text, [org.companyId]);
    const entries = await q<{ public_id: string; status: string; priority: number; clinic_id: string; service: string; age: number; appointment_ok: boolean | null; created_at: Date }>(`
      select w.public_id, w.status, w.priority, w.clinic_id, s.name as service,
             extract(year from now())::int - extract(year from p.date_of_birth::date)::int as age,
             (select a.patient_id = w.patient_id and a.service_id = w.service_id and a.status = 'scheduled' from appointments a
               where a.company_id = w.company_id and a.id = w.appointment_id) as appointment_ok, w.created_at
        from waitlist_entries w join services s on s.company_id = w.company_id and s.id = w.service_id
        join patients p on p.company_id = w.company_id and p.id = w.patient_id
       where w.company_id = $1 order by w.public_id`);
    const by = (status: string) => entries.filter((e) => e.status === status);
    const [clinics] = await q<{ n: number }>(`select count(*)::int as n from clinics where company_id = $1 and is_active`);
    expect(new Set(by('open').map((e) => e.clinic_id)).size).toBe(clinics!.n);
    // Fewer than a page of ten waiting, one of them urgent.
    expect(by('open').length).toBeLessThan(10);
    expect(by('open').filter((e) => e.priority === 2)).toHaveLength(1);
    expect(by('booked')).toHaveLength(2);
    for (const e of by('booked')) expect(e.appointment_ok).toBe(true);
    expect(by('closed')).toHaveLength(2);
    // Children's care is for children.
    for (const e of entries.filter((x) => ['Pediatric consultation', 'Child vaccination'].includes(x.service))) expect(e.age).toBeLessThan(16);
    expect(entries.map((e) => e.public_id)).toEqual(entries.map((_, i) => `WL-${String(i + 1).padStart(6, '0')}`));
    const created = entries.map((e) => new Date(e.created_at).getTime());
    expect(created).toEqual([...created].sort((a, b) => a - b));

    // The waitlist screen's list shows them, the urgent one first; seeding again adds nothing.
    const open = body(await ctx.app.inject({ method: 'GET', url: '/api/waitlist?status=open&limit=10', headers: auth(org.token) }));
    expect(open.data).toHaveLength(by('open').length);
    expect(open.data[0].priority).toBe(2);
    await seedWaitlist(ctx.database.db, org.companyId);
    expect(await q<{ n: number }>(`select count(*)::int as n from waitlist_entries where company_id = $1`)).toEqual([{ n: entries.length }]);
  }, 120_000);
});
