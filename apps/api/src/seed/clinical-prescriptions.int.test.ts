import { beforeAll, describe, expect, it } from 'vitest';
import { allergiesMatching } from '@clinic/shared';
import { orgTest, seedOrgData } from '../test/harness.js';
import { seedClinicalObservations } from './clinical-observations.js';
import { seedEncounters } from './clinical-encounter.js';
import { seedMedications } from './clinical-medications.js';
import { seedPrescriptions } from './clinical-prescriptions.js';

const { ctx, org } = await orgTest();

beforeAll(async () => {
  await seedOrgData(ctx, org.companyId);
  await seedClinicalObservations(ctx.database.db, org.companyId);
  await seedEncounters(ctx.database.db, org.companyId);
  await seedMedications(ctx.database.db, org.companyId);
  await seedPrescriptions(ctx.database.db, org.companyId);
}, 180_000);

describe('the demo prescriptions', () => {
  it('are issued for past visits, in both languages, on the patients\' medication lists, never against an allergy', async () => {
    const rows = await ctx.database.query<{ id: string; patient_id: string; status: string; language: string; encounter_id: string | null; names: string[]; listed: number }>(`
      select p.id, p.patient_id, p.status, p.language, p.encounter_id,
             array(select i.name || ' ' || i.generic_name from prescription_items i where i.company_id = p.company_id and i.prescription_id = p.id) names,
             (select count(*)::int from patient_medications m where m.company_id = p.company_id and m.prescription_id = p.id and m.source = 'prescription') listed
        from prescriptions p where p.company_id = $1`, [org.companyId]);
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['issued']));
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(['en', 'ar']));
    expect(rows.some((r) => r.encounter_id)).toBe(true);
    expect(rows.every((r) => r.names.length === 1 && r.listed === 1)).toBe(true);
    const allergies = await ctx.database.query<{ patient_id: string; substance: string; status: 'active' }>(`select patient_id, substance, status from patient_allergies where company_id = $1`, [org.companyId]);
    for (const r of rows) {
      const mine = allergies.filter((a) => a.patient_id === r.patient_id);
      expect(allergiesMatching(mine, r.names), `prescription ${r.id}`).toEqual([]);
    }
  });
});
