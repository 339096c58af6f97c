import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, contextWithTwoOrgs, type TestContext, type TestOrg } from '../test/harness.js';
import { insertPatient } from '../modules/appointments/fixtures.js';

/*
 * Numbers stored before they were kept in one form: the migration that puts a Saudi mobile in E.164
 * (0066_patient_phones_e164.sql), run again over rows written as the desk used to store them.
 */
let ctx: TestContext;
let a: TestOrg;
const MIGRATION = new URL('./migrations/0066_patient_phones_e164.sql', import.meta.url);

beforeAll(async () => {
  ({ ctx, a } = await contextWithTwoOrgs(['Phones North', 'Phones South']));
});
afterAll(() => ctx.close());

describe('the migration of stored mobile numbers', () => {
  it('puts a Saudi mobile typed locally, with 00 or without + in E.164, leaves other numbers, and the quick check then finds it', async () => {
    const stored: Record<string, string> = {
      '0557001122': '+966557001122', '00966557001133': '+966557001133', '966557001144': '+966557001144',
      '+966557001155': '+966557001155', '0112223333': '0112223333', '+201001234567': '+201001234567',
    };
    const ids: Record<string, string> = {};
    for (const phone of Object.keys(stored)) {
      const p = await insertPatient(ctx.database.db, a.companyId, { name: `Stored ${phone}` });
      await ctx.database.query('update patients set phone = $1 where company_id = $2 and id = $3', [phone, a.companyId, p.id]);
      ids[phone] = p.id;
    }
    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await ctx.database.query(statement);
    for (const [before, after] of Object.entries(stored)) {
      const [row] = await ctx.database.query<{ phone: string }>('select phone from patients where company_id = $1 and id = $2', [a.companyId, ids[before]]);
      expect(row!.phone, before).toBe(after);
    }
    // The desk registering the first one again, typed as it was stored, is told she is already registered.
    const again = await ctx.app.inject({
      method: 'POST', url: '/api/patients/quick', headers: auth(a.token),
      payload: { name: 'Stored again', phone: '0557001122', dateOfBirth: '1990-01-05', gender: 'female' },
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).message.data.patientId).toBe(ids['0557001122']);
  });
});
