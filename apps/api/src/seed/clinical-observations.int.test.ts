import { beforeAll, describe, expect, it } from 'vitest';
import { auth, body, orgTest, seedOrgData } from '../test/harness.js';
import { seedClinicalObservations } from './clinical-observations.js';

const { ctx, org } = await orgTest();

beforeAll(async () => {
  await seedOrgData(ctx, org.companyId);
  await seedClinicalObservations(ctx.database.db, org.companyId);
}, 120_000);

const one = async <T>(sql: string) => (await ctx.database.query<T>(sql, [org.companyId]))[0]!;

describe('the demo vitals and allergies', () => {
  it('gives every completed visit its vitals, some abnormal, some typed in °F and lb', async () => {
    const r = await one<{ visits: number; missing: number; fevers: number; imperial: number; high_bp: number }>(`
      select (select count(*)::int from appointments where company_id = $1 and status = 'completed') visits,
             (select count(*)::int from appointments a where a.company_id = $1 and a.status = 'completed'
                and not exists (select 1 from vital_signs v where v.company_id = a.company_id and v.patient_id = a.patient_id)) missing,
             (select count(*)::int from vital_signs where company_id = $1 and temperature_c > 37.8) fevers,
             (select count(*)::int from vital_signs where company_id = $1 and entered_units ->> 'temperature' = 'F') imperial,
             (select count(*)::int from vital_signs where company_id = $1 and systolic >= 140) high_bp`);
    expect(r.visits).toBeGreaterThan(0);
    expect(r.missing).toBe(0);
    expect(r.fevers).toBeGreaterThan(0);
    expect(r.imperial).toBeGreaterThan(0);
    expect(r.high_bp).toBeGreaterThan(0);
  });

  it('leaves patients in each allergy state, which the API reads back', async () => {
    const states: Record<string, number> = {};
    const ids = await ctx.database.query<{ id: string }>(`select id from patients where company_id = $1 order by public_id limit 10`, [org.companyId]);
    for (const { id } of ids) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/patients/${id}/allergies`, headers: auth(org.token) });
      const state = body(res).data.state as string;
      states[state] = (states[state] ?? 0) + 1;
    }
    expect(Object.keys(states).sort()).toEqual(['allergies', 'none', 'unknown']);
  });
});
