import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localTime } from '@clinic/shared';
import { auth, body, orgTest, seedOrgData } from '../test/harness.js';
import { seedMedications } from './clinical-medications.js';

const { ctx, org } = await orgTest();
/** The seed's today: an afternoon in Riyadh, the demo's time zone. */
const now = new Date('2026-05-12T13:05:00Z');
const today = localTime(now, 'Asia/Riyadh').date;

beforeAll(async () => {
  await ctx.database.query(`update companies set time_zone = 'Asia/Riyadh' where id = $1`, [org.companyId]);
  await seedOrgData(ctx, org.companyId, now);
  await seedMedications(ctx.database.db, org.companyId, now);
}, 120_000);

interface Row { patient_id: string; name: string; status: string; start_date: string; end_date: string | null; created_at: Date; status_changed_at: Date | null }

describe('the demo medication lists', () => {
  it('date each medication on the day it was started, months or years back for long-term ones, never at the moment the seed ran', async () => {
    const rows = await ctx.database.query<Row>(`select patient_id, name, status, start_date::text, end_date::text, created_at, status_changed_at
      from patient_medications where company_id = $1 order by created_at`, [org.companyId]);
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      const recorded = localTime(r.created_at, 'Asia/Riyadh');
      expect(recorded.date, r.name).toBe(r.start_date);
      // During clinic hours, not the seed's own minute.
      expect(Number(recorded.time.slice(0, 2)), r.name).toBeGreaterThanOrEqual(8);
      expect(Number(recorded.time.slice(0, 2)), r.name).toBeLessThan(20);
      expect(r.created_at.getTime(), r.name).toBeLessThan(now.getTime() - 86_400_000);
      if (r.status !== 'active') expect(localTime(r.status_changed_at!, 'Asia/Riyadh').date, r.name).toBe(r.end_date);
    }
    // A diabetic's metformin started about two years ago; the antibiotic course a few weeks ago and finished since.
    expect(rows.find((r) => r.name === 'Glucophage')!.start_date).toBe(addDays(today, -720));
    const course = rows.find((r) => r.name === 'Augmentin')!;
    expect(course).toMatchObject({ status: 'completed', start_date: addDays(today, -20), end_date: addDays(today, -13) });
  });

  it('shows them on the patient\'s chart on the days they were started', async () => {
    const [first] = await ctx.database.query<{ patient_id: string }>(`select patient_id from patient_medications where company_id = $1 and name = 'Glucophage'`, [org.companyId]);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/patients/${first!.patient_id}/chart?kinds=medication`, headers: auth(org.token) });
    expect(res.statusCode, res.body).toBe(200);
    const entries = body<{ data: Array<{ title: { en: string }; at: string }> }>(res).data;
    const days = Object.fromEntries(entries.map((e) => [e.title.en, localTime(new Date(e.at), 'Asia/Riyadh').date]));
    expect(days).toMatchObject({ Glucophage: addDays(today, -720), Norvasc: addDays(today, -400), Lipitor: addDays(today, -400), Brufen: addDays(today, -40) });
  });
});
