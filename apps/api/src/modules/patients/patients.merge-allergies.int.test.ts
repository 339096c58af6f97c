import { describe, expect, it } from 'vitest';
import { insertPatient } from '../appointments/fixtures.js';
import { auth, body, signInStaff, twoOrgsTest } from '../../test/harness.js';
import { versionOf } from '../../test/versions.js';

/**
 * A merge never loses an active allergy: the duplicate's allergy row goes only when the kept record's row of the same
 * substance says the same thing; otherwise the merge is refused until a clinician reconciles the two, and "no known
 * allergies" of the kept record is cleared as soon as the merged record has an active allergy.
 */

const { ctx, a } = await twoOrgsTest(['Allergy Merge North', 'Allergy Merge South']);

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(a.token, lang), ...(payload ? { payload } : {}) });
const ok = async (method: 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) => {
  const res = await call(method, url, payload);
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return body(res).data;
};
const merge = async (dup: string, into: string, lang?: string) =>
  call('POST', `/api/patients/${dup}/merge`, { into, version: await versionOf(ctx, 'patients', dup), intoVersion: await versionOf(ctx, 'patients', into) }, lang);
const allergiesOf = async (id: string) => body(await call('GET', `/api/patients/${id}/allergies`)).data;
const patient = async (name: string) => (await insertPatient(ctx.database.db, a.companyId, { name })).id;

describe('merging the allergies of two records', () => {
  it('refuses to drop an active allergy the kept record lists as resolved, then merges once a clinician reconciled them', async () => {
    const kept = await patient('Huda Kept');
    const dup = await patient('Huda Duplicate');
    await ok('POST', `/api/patients/${kept}/allergies`, { substance: 'Penicillin', status: 'resolved' });
    await ok('POST', `/api/patients/${kept}/allergies/none`);
    await ok('POST', `/api/patients/${dup}/allergies`, { substance: 'Penicillin', severity: 'life_threatening', reaction: 'Anaphylaxis' });
    await ok('POST', `/api/patients/${dup}/allergies`, { substance: 'Latex', severity: 'mild' });

    const refused = await merge(dup, kept);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toMatchObject({ code: 'PATIENT_MERGE_ALLERGIES', message: expect.stringContaining('Penicillin') });
    expect(body(refused).message.message).toContain('reconcile');
    const inArabic = await merge(dup, kept, 'ar');
    expect(body(inArabic).message.message).toContain('توحيد الحساسية');
    // Nothing changed: both records as they were.
    expect(await allergiesOf(kept)).toMatchObject({ state: 'none', allergies: [{ substance: 'Penicillin', status: 'resolved' }] });
    expect((await allergiesOf(dup)).allergies.map((x: { substance: string; status: string }) => [x.substance, x.status])).toEqual([['Latex', 'active'], ['Penicillin', 'active']]);

    // A clinician reconciles: the kept record's Penicillin is active and life-threatening again (which clears "no known allergies").
    const penicillin = (await allergiesOf(kept)).allergies[0];
    await ok('PATCH', `/api/patients/${kept}/allergies/${penicillin._id}`, { status: 'active', severity: 'life_threatening', version: penicillin.version });
    const merged = await merge(dup, kept);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(body(merged).data.folded).toMatchObject({ allergies: 1 });
    const after = await allergiesOf(kept);
    expect(after.state).toBe('allergies');
    expect(after.noKnownAllergies).toBeNull();
    expect(after.allergies.map((x: { substance: string; status: string; severity: string | null }) => [x.substance, x.status, x.severity]))
      .toEqual(expect.arrayContaining([['Penicillin', 'active', 'life_threatening'], ['Latex', 'active', 'mild']]));
    expect(after.allergies).toHaveLength(2);
  });

  it('moves an active allergy into a record that said "no known allergies", clearing it, and folds a row that says the same as the kept one', async () => {
    const kept = await patient('Omar Kept');
    const dup = await patient('Omar Duplicate');
    await ok('POST', `/api/patients/${kept}/allergies`, { substance: 'Aspirin', severity: 'severe', status: 'inactive' });
    await ok('POST', `/api/patients/${kept}/allergies`, { substance: 'Iodine', severity: 'severe', status: 'inactive' });
    await ok('POST', `/api/patients/${kept}/allergies/none`);
    expect((await allergiesOf(kept)).state).toBe('none');
    // The duplicate: Sulfa active (new to the kept record), Iodine inactive and severe (the same as the kept one).
    await ok('POST', `/api/patients/${dup}/allergies`, { substance: 'Sulfa', severity: 'severe' });
    await ok('POST', `/api/patients/${dup}/allergies`, { substance: 'Iodine', severity: 'severe', status: 'inactive' });

    const res = await merge(dup, kept);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.folded).toMatchObject({ allergies: 1 });
    const after = await allergiesOf(kept);
    expect(after).toMatchObject({ state: 'allergies', noKnownAllergies: null });
    expect(after.allergies.map((x: { substance: string; status: string }) => [x.substance, x.status]).sort())
      .toEqual([['Aspirin', 'inactive'], ['Iodine', 'inactive'], ['Sulfa', 'active']]);
    const [state] = await ctx.database.query<{ no_known_allergies: boolean; recorded_at: Date | null }>(
      'select no_known_allergies, recorded_at from patient_allergy_states where company_id = $1 and patient_id = $2', [a.companyId, kept]);
    expect(state).toEqual({ no_known_allergies: false, recorded_at: null });
    const [audit] = await ctx.database.query<{ changes: Record<string, unknown> }>(
      `select changes from audit_log where company_id = $1 and entity = 'patient' and action = 'merge' and entity_id = $2`, [a.companyId, kept]);
    expect(audit!.changes).toMatchObject({ noKnownAllergiesCleared: true, folded: { allergies: 1 } });
  });

  it('refuses two active rows of one substance with different severities', async () => {
    const kept = await patient('Reem Kept');
    const dup = await patient('Reem Duplicate');
    await ok('POST', `/api/patients/${kept}/allergies`, { substance: 'Peanut', severity: 'mild' });
    await ok('POST', `/api/patients/${dup}/allergies`, { substance: 'Peanut', severity: 'life_threatening' });
    const res = await merge(dup, kept);
    expect(res.statusCode).toBe(409);
    expect(body(res).message.message).toContain('Peanut');
    expect((await call('GET', `/api/patients/${dup}`)).statusCode).toBe(200);
  });

  it('does not name the substances to the front desk, who may merge but not read allergies', async () => {
    const reception = await signInStaff(ctx, a, {
      name: 'Merge Desk', username: 'merge_desk', email: 'merge_desk@example.test', employeeType: 'Administrative', roleNames: ['Receptionist'],
    });
    const kept = await patient('Salma Kept');
    const dup = await patient('Salma Duplicate');
    await ok('POST', `/api/patients/${kept}/allergies`, { substance: 'Chlorhexidine', severity: 'mild' });
    await ok('POST', `/api/patients/${dup}/allergies`, { substance: 'Chlorhexidine', severity: 'severe' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/patients/${dup}/allergies`, headers: auth(reception) })).statusCode).toBe(403);
    for (const lang of ['en', 'ar']) {
      const res = await ctx.app.inject({
        method: 'POST', url: `/api/patients/${dup}/merge`, headers: auth(reception, lang),
        payload: { into: kept, version: await versionOf(ctx, 'patients', dup), intoVersion: await versionOf(ctx, 'patients', kept) },
      });
      expect(res.statusCode).toBe(409);
      expect(body(res).message.code).toBe('PATIENT_MERGE_ALLERGIES');
      expect(res.body).not.toContain('Chlorhexidine');
      expect(body(res).message.message).toContain(lang === 'ar' ? 'توحيد الحساسية' : 'reconcile');
    }
    // A clinician is still told which substance to reconcile.
    expect(body(await merge(dup, kept)).message.message).toContain('Chlorhexidine');
  });
});
