import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatient } from '../appointments/fixtures.js';
import { auth, body, contextWithTwoOrgs, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let nurse: string;
let reception: string;
let patientId: string;
let childId: string;

beforeAll(async () => {
  ({ ctx, a, b } = await contextWithTwoOrgs());
  patientId = (await insertPatient(ctx.database.db, a.companyId, { name: 'Huda Saleh' })).id;
  childId = (await insertPatient(ctx.database.db, a.companyId, { name: 'Omar Child' })).id;
  await ctx.database.query(`update patients set date_of_birth = (current_date - interval '6 years')::date where id = $1`, [childId]);
  nurse = await signInStaff(ctx, a, { name: 'Nurse Amal', username: 'vit_nurse', email: 'vit_nurse@a.test', employeeType: 'Nurse', roleNames: ['Nurse'] });
  reception = await signInStaff(ctx, a, { name: 'Reception Rana', username: 'vit_desk', email: 'vit_desk@a.test', employeeType: 'Administrative', roleNames: ['Receptionist'] });
});
afterAll(() => ctx.close());

const req = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
interface ReadingOut { vital: string; value: number; flag: string }
/** The set's readings by vital (each one the test names is there, or the assertion on it fails). */
const readingsOf = (set: { readings: ReadingOut[] }) => Object.fromEntries(set.readings.map((r) => [r.vital, r])) as Record<string, ReadingOut>;
const count = async (sql: string, params: unknown[]) => Number((await ctx.database.query<{ n: number }>(sql, params))[0]!.n);

describe('recording vitals', () => {
  it('stores °F, lb and inches canonically, keeps the unit entered, derives BMI and flags by age', async () => {
    const res = await req(nurse, 'POST', `/api/patients/${patientId}/vitals`, {
      temperature: 101.3, temperatureUnit: 'F', weight: '١٥٤', weightUnit: 'lb', height: 70, heightUnit: 'in', pulse: 112, systolic: 128, diastolic: 82, spo2: 97, painScore: 2, glucose: 180, glucoseUnit: 'mg/dL',
    });
    expect(res.statusCode, res.body).toBe(201);
    const set = body(res).data;
    const r = readingsOf(set);
    expect(r.temperature).toEqual({ vital: 'temperature', value: 38.5, unit: 'C', enteredValue: 101.3, enteredUnit: 'F', flag: 'high' });
    expect(r.weight).toMatchObject({ value: 69.853, unit: 'kg', enteredValue: 154, enteredUnit: 'lb', flag: 'noRange' });
    expect(r.height).toMatchObject({ value: 177.8, unit: 'cm', enteredValue: 70, enteredUnit: 'in' });
    expect(r.bmi).toMatchObject({ value: 22.1, flag: 'normal' });
    expect(r.pulse).toMatchObject({ value: 112, flag: 'high' });
    expect(r.glucose).toMatchObject({ value: 9.991, enteredValue: 180, enteredUnit: 'mg/dL', flag: 'high' });
    expect(set).toMatchObject({ ageGroup: 'adult', recordedBy: { name: 'Nurse Amal' }, enteredInError: null, encounterId: null });
    const [row] = await ctx.database.query<{ temperature_c: number; weight_kg: number; entered_units: Record<string, string> }>(`select temperature_c, weight_kg, entered_units from vital_signs where id = $1`, [set._id]);
    expect(row).toMatchObject({ temperature_c: 38.5, weight_kg: 69.853, entered_units: { temperature: 'F', weight: 'lb', height: 'in', glucose: 'mg/dL', bmi: 'kg/m2' } });
    expect(await count(`select count(*)::int n from audit_log where entity = 'vital_signs' and action = 'create' and entity_id = $1`, [set._id])).toBe(1);
  });

  it('refuses implausible values with translated field errors and stores nothing', async () => {
    const before = await count(`select count(*)::int n from vital_signs where patient_id = $1`, [patientId]);
    const en = await req(nurse, 'POST', `/api/patients/${patientId}/vitals`, { temperature: 370, pulse: 72.5, systolic: 80, diastolic: 95 });
    expect(en.statusCode).toBe(422);
    expect(body(en).message.fields).toEqual({
      temperature: 'Temperature must be between 25 and 45 °C',
      pulse: 'Pulse must be a whole number between 20 and 300 per minute',
      diastolic: 'Diastolic pressure must be lower than systolic',
    });
    const ar = await req(nurse, 'POST', `/api/patients/${patientId}/vitals`, { temperature: 200, temperatureUnit: 'F' }, 'ar');
    expect(body(ar).message.fields).toEqual({ temperature: 'يجب أن تكون الحرارة بين 77 و113 °ف' });
    expect((await req(nurse, 'POST', `/api/patients/${patientId}/vitals`, {})).statusCode).toBe(422);
    // A misspelt measurement is refused, not dropped while the rest is stored.
    const typo = await req(nurse, 'POST', `/api/patients/${patientId}/vitals`, { pulse: 80, temprature: 39.5 });
    expect(typo.statusCode).toBe(422);
    expect(body(typo).message.fields).toEqual({ temprature: 'Unknown field' });
    // Taken in an encounter that is not this patient's (here: no encounter at all).
    const elsewhere = await req(nurse, 'POST', `/api/patients/${patientId}/vitals`, { pulse: 72, encounterId: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f' });
    expect(body(elsewhere).message.fields).toEqual({ encounterId: 'No encounter of this patient has this reference; open the record from the patient\'s visit' });
    expect(await count(`select count(*)::int n from vital_signs where patient_id = $1`, [patientId])).toBe(before);
  });

  it('flags a child on child ranges and says when no range applies', async () => {
    const set = body(await req(nurse, 'POST', `/api/patients/${childId}/vitals`, { pulse: 110, weight: 20, height: 115, respiratoryRate: 45 })).data;
    const r = readingsOf(set);
    expect(set.ageGroup).toBe('child');
    expect(r.pulse?.flag).toBe('normal');
    expect(r.respiratoryRate?.flag).toBe('criticalHigh');
    expect(r.bmi?.flag).toBe('noRange');
  });
});

describe('listing, correcting and reading', () => {
  it('lists newest first, bounded, by vital and dates, and audits the read as a patient read', async () => {
    for (let i = 0; i < 20; i++) {
      const takenAt = new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString();
      expect((await req(nurse, 'POST', `/api/patients/${patientId}/vitals`, { takenAt, weight: 80 + i / 10 })).statusCode).toBe(201);
    }
    const reads = await count(`select count(*)::int n from audit_log where entity = 'patient' and action = 'read' and entity_id = $1`, [patientId]);
    const all = body(await req(nurse, 'GET', `/api/patients/${patientId}/vitals?vital=weight&limit=500`)).data;
    expect(all).toHaveLength(21);
    const weights = all.filter((s: { takenAt: string }) => s.takenAt.startsWith('2026-01'));
    expect(weights).toHaveLength(20);
    expect(weights[0].takenAt).toBe('2026-01-20T09:00:00.000Z');
    expect(body(await req(nurse, 'GET', `/api/patients/${patientId}/vitals?limit=3`)).data).toHaveLength(3);
    const range = body(await req(nurse, 'GET', `/api/patients/${patientId}/vitals?from=2026-01-05T00:00:00Z&to=2026-01-07T23:00:00Z`)).data;
    expect(range.map((s: { takenAt: string }) => s.takenAt.slice(0, 10))).toEqual(['2026-01-07', '2026-01-06', '2026-01-05']);
    expect(body(await req(nurse, 'GET', `/api/patients/${patientId}/vitals?vital=spo2`)).data).toHaveLength(1);
    expect((await req(nurse, 'GET', `/api/patients/${patientId}/vitals?limit=501`)).statusCode).toBe(422);
    expect(await count(`select count(*)::int n from audit_log where entity = 'patient' and action = 'read' and entity_id = $1`, [patientId])).toBe(reads + 4);
  });

  it('marks a set entered in error once, with its reason, hides it from the list, and the database refuses edits', async () => {
    const set = body(await req(nurse, 'POST', `/api/patients/${patientId}/vitals`, { temperature: 36.6 })).data;
    const url = `/api/patients/${patientId}/vitals/${set._id}/entered-in-error`;
    expect(body(await req(nurse, 'POST', url, { reason: '' })).message.fields).toEqual({ reason: 'Give the reason (at least 3 characters)' });
    const marked = await req(nurse, 'POST', url, { reason: 'Wrong patient' });
    expect(body(marked).data.enteredInError).toMatchObject({ reason: 'Wrong patient', by: { name: 'Nurse Amal' } });
    expect((await req(nurse, 'POST', url, { reason: 'Again' })).statusCode).toBe(409);
    const ids = (q: string) => req(nurse, 'GET', `/api/patients/${patientId}/vitals${q}`).then((r) => body(r).data.map((s: { _id: string }) => s._id));
    expect(await ids('')).not.toContain(set._id);
    expect(await ids('?includeEnteredInError=true')).toContain(set._id);
    await expect(ctx.database.query(`update vital_signs set temperature_c = 39 where id = $1`, [set._id])).rejects.toThrow(/never edited/);
    expect(await count(`select count(*)::int n from audit_log where entity = 'vital_signs' and action = 'entered_in_error' and entity_id = $1`, [set._id])).toBe(1);
  });

  it('gives the clinical summary with the last vitals, and nothing to reception or another company', async () => {
    const summary = body(await req(nurse, 'GET', `/api/patients/${patientId}/clinical-summary`)).data;
    expect(summary.allergies.state).toBe('unknown');
    expect(summary.lastVitals.takenAt >= '2026-01-20').toBe(true);
    for (const url of [`/api/patients/${patientId}/vitals`, `/api/patients/${patientId}/clinical-summary`]) {
      expect((await req(reception, 'GET', url)).statusCode).toBe(403);
      expect((await req(b.token, 'GET', url)).statusCode).toBe(404);
    }
    expect((await req(reception, 'POST', `/api/patients/${patientId}/vitals`, { pulse: 70 })).statusCode).toBe(403);
    expect((await req(b.token, 'POST', `/api/patients/${patientId}/vitals`, { pulse: 70 })).statusCode).toBe(404);
  });
});

describe('reference ranges', () => {
  it('administrators override a range; flags follow it; nurses may read but not change them', async () => {
    const put = await req(a.token, 'PUT', '/api/vitals/reference-ranges', { adult: { pulse: { low: 50, high: 115, criticalLow: 40, criticalHigh: 150 } }, child: {} });
    expect(put.statusCode, put.body).toBe(200);
    expect(body(put).data.effective.adult.pulse).toEqual({ low: 50, high: 115, criticalLow: 40, criticalHigh: 150 });
    expect(body(put).data.effective.adult.temperature).toEqual({ low: 36, high: 37.8, criticalLow: 35, criticalHigh: 40 });
    const set = body(await req(nurse, 'POST', `/api/patients/${patientId}/vitals`, { pulse: 112 })).data;
    expect(readingsOf(set).pulse?.flag).toBe('normal');
    expect((await req(nurse, 'PUT', '/api/vitals/reference-ranges', { adult: {}, child: {} })).statusCode).toBe(403);
    expect((await req(nurse, 'GET', '/api/vitals/reference-ranges')).statusCode).toBe(200);
    const bad = await req(a.token, 'PUT', '/api/vitals/reference-ranges', { adult: { pulse: { low: 120, high: 60, criticalLow: 40, criticalHigh: 150 } }, child: {} });
    expect(body(bad).message.fields).toEqual({ 'adult.pulse.low': 'The limits must rise: critical low, low, high, critical high' });
    // A misspelt group, a misspelt vital, or no group at all is refused, and the overrides stay as they were.
    const typo = await req(a.token, 'PUT', '/api/vitals/reference-ranges', { adlut: { pulse: { low: 50 } }, child: {} });
    expect(typo.statusCode).toBe(422);
    expect(body(typo).message.fields).toMatchObject({ adlut: 'Unknown field', adult: 'This field is required.' });
    const vitalTypo = await req(a.token, 'PUT', '/api/vitals/reference-ranges', { adult: { plse: { low: 50, high: 115, criticalLow: 40, criticalHigh: 150 } }, child: {} });
    expect(body(vitalTypo).message.fields).toEqual({ 'adult.plse': 'Unknown field' });
    const nothing = await req(a.token, 'PUT', '/api/vitals/reference-ranges', {});
    expect(nothing.statusCode).toBe(422);
    expect(body(await req(a.token, 'GET', '/api/vitals/reference-ranges')).data.overrides.adult.pulse).toEqual({ low: 50, high: 115, criticalLow: 40, criticalHigh: 150 });
    expect(body(await req(b.token, 'GET', '/api/vitals/reference-ranges')).data.overrides).toEqual({ adult: {}, child: {} });
  });
});
