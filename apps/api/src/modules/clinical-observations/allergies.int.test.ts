import { describe, expect, it } from 'vitest';
import { clinicalTest } from '../../test/clinical-fixtures.js';
import { auth, body } from '../../test/harness.js';

const { ctx, a, b, doctor, reception, patientId } = await clinicalTest({
  doctor: { name: 'Dr. Khalid', username: 'alg_doc', email: 'alg_doc@a.test' },
  reception: { name: 'Desk', username: 'alg_desk', email: 'alg_desk@a.test' },
  patient: 'Sara Ali',
});

const req = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const base = () => `/api/patients/${patientId}/allergies`;
const state = async () => body(await req(doctor, 'GET', base())).data;

describe('the allergy state', () => {
  it('is "not asked" until someone records "no known allergies", which says by whom and when', async () => {
    expect(await state()).toEqual({ state: 'unknown', noKnownAllergies: null, allergies: [], toldAtRegistration: [] });
    const res = await req(doctor, 'POST', `${base()}/none`);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ state: 'none', noKnownAllergies: { recordedBy: { name: 'Dr. Khalid' }, recordedAt: expect.any(String) } });
    const [audit] = await ctx.database.query<{ n: number }>(`select count(*)::int n from audit_log where action = 'no_known_allergies' and entity_id = $1`, [patientId]);
    expect(audit!.n).toBe(1);
  });

  it('recording an allergy clears "no known allergies"; recording it again with an active allergy is refused', async () => {
    const res = await req(doctor, 'POST', base(), { substance: '  البِنِسِلّين ', reaction: 'Hives', severity: 'severe' });
    expect(res.statusCode, res.body).toBe(201);
    expect(body(res).data).toMatchObject({ substance: 'البِنِسِلّين', substanceKey: 'البنسلين', type: 'allergy', status: 'active', severity: 'severe', version: 1 });
    const s = await state();
    expect(s.state).toBe('allergies');
    expect(s.noKnownAllergies).toBeNull();
    const refused = await req(doctor, 'POST', `${base()}/none`, undefined, 'ar');
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message.message).toBe('لا يمكن تسجيل «لا توجد حساسية معروفة» والمريض لديه حساسية نشطة: غيّر حالتها أولاً');
    const [row] = await ctx.database.query<{ no_known_allergies: boolean }>(`select no_known_allergies from patient_allergy_states where patient_id = $1`, [patientId]);
    expect(row!.no_known_allergies).toBe(false);
  });

  it('says what the registration form lists and no entry records, without taking it as recorded', async () => {
    await ctx.database.query(`update patients set details = jsonb_set(details, '{allergies}', $2::jsonb) where id = $1`,
      [patientId, JSON.stringify(['Ibuprofen', 'البنسلين', '  ibuprofen ', 'Pollen', ''])]);
    const s = await state();
    // Penicillin is recorded (above, spelt otherwise); the rest is said once each, in the order told.
    expect(s.toldAtRegistration).toEqual(['Ibuprofen', 'Pollen']);
    expect(s.state).toBe('allergies');
    expect(s.allergies.map((x: { substance: string }) => x.substance)).toEqual(['البِنِسِلّين']);
  });

  it('refuses the same substance spelt another way, and bad input, with field errors', async () => {
    const dup = await req(doctor, 'POST', base(), { substance: 'البنسلين' });
    expect(dup.statusCode).toBe(422);
    expect(body(dup).message.fields).toEqual({ substance: 'This substance is already recorded for the patient: change that entry instead' });
    const bad = await req(doctor, 'POST', base(), { substance: '-', severity: 'deadly', status: 'gone' });
    expect(body(bad).message.fields).toEqual({
      substance: 'Enter the substance (at least 2 characters)',
      severity: 'Choose mild, moderate, severe or life-threatening',
      status: 'Choose active, inactive or resolved',
    });
    // A misspelt field is refused, not dropped (the allergy would be kept without its severity).
    const typo = await req(doctor, 'POST', base(), { substance: 'Latex', severty: 'severe', reacton: 'anaphylaxis' });
    expect(typo.statusCode).toBe(422);
    expect(body(typo).message.fields).toEqual({ severty: 'Unknown field', reacton: 'Unknown field' });
  });

  it('changes status at the version read, audits it, and lets "no known allergies" be recorded once nothing is active', async () => {
    const [allergy] = (await state()).allergies;
    const stale = await req(doctor, 'PATCH', `${base()}/${allergy._id}`, { status: 'resolved', version: 99 });
    expect(stale.statusCode).toBe(409);
    const res = await req(doctor, 'PATCH', `${base()}/${allergy._id}`, { status: 'resolved', version: 1, reason: 'Tolerated amoxicillin in 2025' });
    expect(body(res).data).toMatchObject({ status: 'resolved', version: 2 });
    expect((await state()).state).toBe('unknown');
    expect((await req(doctor, 'POST', `${base()}/none`)).statusCode).toBe(200);
    const [audit] = await ctx.database.query<{ changes: Record<string, unknown> }>(`select changes from audit_log where entity = 'patient_allergy' and action = 'update' and entity_id = $1`, [allergy._id]);
    expect(audit!.changes).toMatchObject({ before: { status: 'active' }, after: { status: 'resolved' }, reason: 'Tolerated amoxicillin in 2025' });
    // Re-activating it clears "no known allergies" again.
    await req(doctor, 'PATCH', `${base()}/${allergy._id}`, { status: 'active', version: 2 });
    expect(await state()).toMatchObject({ state: 'allergies', noKnownAllergies: null });
  });

  it('keeps the record from reception and other companies, and a patient with allergies is deactivated, not deleted', async () => {
    expect((await req(reception, 'GET', base())).statusCode).toBe(403);
    expect((await req(reception, 'POST', base(), { substance: 'Latex' })).statusCode).toBe(403);
    expect((await req(b.token, 'GET', base())).statusCode).toBe(404);
    expect((await req(b.token, 'POST', base(), { substance: 'Latex' })).statusCode).toBe(404);
    expect((await req(b.token, 'POST', `${base()}/none`)).statusCode).toBe(404);
    const [allergy] = (await state()).allergies;
    expect((await req(b.token, 'PATCH', `/api/patients/${patientId}/allergies/${allergy._id}`, { status: 'inactive', version: 3 })).statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/patients/${patientId}`, headers: auth(a.token) });
    expect(body(del).data.outcome).toBe('deactivated');
  });
});
