import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_RECORD_KINDS, type PatientRecordCounts } from '@clinic/shared';
import { appointments, auditLog, patients } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { insertDoctor, insertPatient, nextWeekday } from '../appointments/fixtures.js';
import { billingClinic, INSURER } from '../billing/fixtures.js';
import { auth, body, createOrg, createTestContext, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { dataSnapshot } from '../../test/route-helpers.js';
import { versionOf } from '../../test/versions.js';
import { PATIENT_TABLES } from './patients.merge.repository.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let party: { clinic: string; doctor: string; service: string };
let day: string;

const post = async (url: string, payload: Record<string, unknown>, token = a.token) => {
  const res = await ctx.app.inject({ method: 'POST', url, headers: auth(token), payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return body(res).data;
};
const counts = async (id: string): Promise<PatientRecordCounts> =>
  body(await ctx.app.inject({ method: 'GET', url: `/api/patients/${id}/record-counts`, headers: auth(a.token) })).data;
const merge = async (dup: string, into: string, token = a.token, versions?: { version: number; intoVersion: number }, lang?: string) =>
  ctx.app.inject({
    method: 'POST', url: `/api/patients/${dup}/merge`, headers: auth(token, lang),
    payload: { into, ...(versions ?? { version: await versionOf(ctx, 'patients', dup), intoVersion: await versionOf(ctx, 'patients', into) }) },
  });
const total = (c: PatientRecordCounts) => PATIENT_RECORD_KINDS.reduce((sum, k) => sum + c[k], 0);

/** An active appointment written directly (another doctor each time, so only the patients' times can clash). */
async function booked(patientId: string, startsAt: Date) {
  const doctor = await insertDoctor(ctx.database.db, a.companyId, { clinics: [party.clinic] });
  await ctx.database.db.insert(appointments).values({
    companyId: a.companyId, publicId: await nextPublicId(ctx.database.db, a.companyId, 'appointment', 'APT'), patientId, doctorId: doctor.id,
    clinicId: party.clinic, serviceId: party.service, reason: 'Check-up', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), status: 'scheduled',
  });
}

/** A patient who booked online: mobile number and date of birth, nothing else yet. */
async function selfRegistered(phone: string) {
  const p = await insertPatient(ctx.database.db, a.companyId, { name: 'Amal Online' });
  await ctx.database.db.update(patients).set({ selfRegistered: true, incomplete: true, identity: '', phone, email: null })
    .where(and(eq(patients.companyId, a.companyId), eq(patients.id, p.id)));
  return p.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Merge North Group' });
  b = await createOrg(ctx, { name: 'Merge South Group' });
  const billing = await billingClinic(ctx.database.db, a.companyId);
  party = { clinic: billing.clinic.id, doctor: billing.doctor.id, service: billing.service.id };
  day = nextWeekday('Monday', 'Asia/Riyadh', 7);
}, 120_000);

afterAll(async () => { await ctx?.close(); });

describe('what references a patient', () => {
  it('every table with a patient_id column or a foreign key to patients is one the merge moves', async () => {
    const fks = await ctx.database.query<{ table: string }>(`
      select distinct c.conrelid::regclass::text as table from pg_constraint c
       where c.contype = 'f' and c.confrelid = 'public.patients'::regclass`);
    const columns = await ctx.database.query<{ table: string }>(`
      select distinct table_name as table from information_schema.columns
       where table_schema = 'public' and column_name = 'patient_id'`);
    const handled = new Set(Object.values(PATIENT_TABLES));
    const found = [...new Set([...fks, ...columns].map((r) => r.table.replace(/^public\./, '').replace(/"/g, '')))];
    expect(found.filter((t) => !handled.has(t)), 'tables referencing patients the merge does not move').toEqual([]);
    expect([...handled].filter((t) => !found.includes(t)), 'tables the merge lists that do not reference patients').toEqual([]);
  });
});

describe('POST /api/patients/:id/merge', () => {
  it('moves every record of the duplicate to the kept patient, signed and issued ones included, and removes the duplicate', async () => {
    const kept = (await insertPatient(ctx.database.db, a.companyId, { name: 'Amal Hassan' })).id;
    const dup = await selfRegistered('0551230001');
    const at = (h: number, d = day) => `${d}T${String(h).padStart(2, '0')}:00:00+03:00`;
    await post('/api/appointments', { ...party, patient: dup, datetime: at(9), reason: 'Booked online' });
    await post('/api/appointments', { ...party, patient: kept, datetime: at(10), reason: 'Check-up' });
    await post('/api/appointment-series', { ...party, patient: dup, datetime: at(9, nextWeekday('Tuesday', 'Asia/Riyadh', 7)), reason: 'Physio', recurrence: { frequency: 'weekly', count: 2 } });
    await post('/api/waitlist', { patient: dup, service: party.service });
    await post(`/api/patients/${dup}/notes`, { body: 'Called to confirm' });
    // Insured: issuing the invoice claims the insurer's share.
    await ctx.database.db.update(patients).set({ details: { insurances: [{ insuranceType: INSURER, expiryDate: '2099-12-31' }] } }).where(eq(patients.id, dup));
    const invoice = await post('/api/invoices', { patient: dup, clinic: party.clinic, lines: [{ kind: 'service', service: party.service }] });
    await post(`/api/invoices/${invoice._id}/issue`, { version: 1 });
    // What the invoice's money earned its doctor (written once; a merge is the only change it lets through).
    await ctx.database.query(
      `insert into doctor_share_entries (company_id, doctor_id, clinic_id, invoice_id, line_index, description, patient_id, visit_date, cause, currency, taken, base, share, rule_id, applied)
       values ($1, $2, $3, $4, 0, 'Consultation', $5, current_date, 'payment', 'SAR', 11500, 10000, 3500, gen_random_uuid(), '{"kind":"percent"}')`,
      [a.companyId, party.doctor, party.clinic, invoice._id, dup],
    );
    // A signed visit note with its diagnosis (and the problem it made), vitals, allergies, a medication, an issued prescription, an order.
    await post('/api/diagnosis-codes/starter', {});
    const codes = body(await ctx.app.inject({ method: 'GET', url: '/api/diagnosis-codes?search=J0', headers: auth(a.token) })).data as Array<{ _id: string }>;
    const encounter = (await post('/api/encounters', { patient: dup }))._id as string;
    await post(`/api/patients/${dup}/diagnoses`, { encounterId: encounter, codeId: codes[0]!._id, rank: 'primary' });
    const saved = await ctx.app.inject({ method: 'PUT', url: `/api/encounters/${encounter}/note`, headers: auth(a.token), payload: { version: 1, content: { complaint: 'Cough', assessment: 'Cold' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    await post(`/api/encounters/${encounter}/sign`, { version: 2, password: TEST_PASSWORD });
    await post(`/api/patients/${dup}/vitals`, { pulse: 72, temperature: 37 });
    await post(`/api/patients/${dup}/allergies`, { substance: 'Penicillin' });
    await post(`/api/patients/${dup}/allergies`, { substance: 'Latex' });
    await post(`/api/patients/${kept}/allergies`, { substance: 'Penicillin' });
    const [drug] = await ctx.database.query<{ id: string }>(
      `insert into medications (company_id, name, match_key, name_key, search_text) values ($1, 'Panadol', 'panadol||', 'panadol', 'panadol') returning id`, [a.companyId]);
    const rx = await post(`/api/patients/${dup}/prescriptions`, { clinic: party.clinic, items: [{ medication: drug!.id, dose: 1, unit: 'tablet', route: 'oral', frequency: 'TID', durationDays: 5, quantity: 15 }] });
    await post(`/api/prescriptions/${rx._id}/issue`, { version: 1 });
    const test = await post('/api/order-catalogue', { clinic: party.clinic, code: 'FBG', nameEn: 'Fasting glucose', nameAr: 'سكر صائم', kind: 'lab', analytes: [{ code: 'GLU', nameEn: 'Glucose', nameAr: 'الجلوكوز', unit: 'mmol/L', low: 3.9, high: 5.5 }] });
    await post(`/api/patients/${dup}/orders`, { clinic: party.clinic, items: [test._id] });

    const [before, keptBefore] = [await counts(dup), await counts(kept)];
    for (const kind of ['appointments', 'series', 'waitlist', 'notes', 'invoices', 'claims', 'encounters', 'diagnoses', 'problems', 'vitals', 'allergies', 'medications', 'prescriptions', 'orders', 'doctorShares'] as const) {
      expect(before[kind], kind).toBeGreaterThan(0);
    }
    const res = await merge(dup, kept);
    expect(res.statusCode, res.body).toBe(200);
    const result = body(res).data;
    expect(result).toMatchObject({ _id: kept, mergedId: dup, folded: { allergies: 1 } });
    const after = await counts(kept);
    // Nothing lost: the kept record holds both records' rows, less what it already had (a second Penicillin, an allergy state).
    expect(result.folded).toEqual({ allergies: 1, problems: 0, allergyStates: 1 });
    expect(total(after)).toBe(total(before) + total(keptBefore) - 2);
    for (const kind of PATIENT_RECORD_KINDS) expect(result.moved[kind] + (result.folded[kind as 'allergies'] ?? 0), kind).toBe(before[kind]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/patients/${dup}`, headers: auth(a.token) })).statusCode).toBe(404);
    const [signed] = await ctx.database.query<{ patient_id: string; status: string }>('select patient_id, status from encounters where id = $1', [encounter]);
    expect(signed).toEqual({ patient_id: kept, status: 'signed' });
    // The kept record took the duplicate's mobile number it lacked; it stays a staff record.
    const details = body(await ctx.app.inject({ method: 'GET', url: `/api/patients/${kept}`, headers: auth(a.token) })).data;
    expect(details).toMatchObject({ phone: '0551230001', selfRegistered: false, incomplete: false, version: 2 });
    expect(details.insurances.map((i: { insuranceType: string }) => i.insuranceType)).toEqual([INSURER]);
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.action, 'merge')));
    expect(audit.map((r) => r.entityId).sort()).toEqual([dup, kept].sort());
    expect((audit.find((r) => r.entityId === kept)!.changes as { moved: Record<string, number> }).moved.appointments).toBe(before.appointments);
  }, 60_000);

  it('refuses overlapping appointments of the two records with a translated 409 naming them, changing nothing', async () => {
    const kept = (await insertPatient(ctx.database.db, a.companyId)).id;
    const dup = await selfRegistered('0551230002');
    const at = new Date(`${day}T14:00:00+03:00`);
    await booked(kept, at);
    await booked(dup, new Date(at.getTime() + 15 * 60_000));
    const snapshot = await dataSnapshot(ctx);
    const res = await merge(dup, kept, a.token, undefined, 'ar');
    expect(res.statusCode).toBe(409);
    expect(body(res).message.code).toBe('PATIENT_MERGE_CLASH');
    expect(body(res).message.message).toContain('14:00');
    expect(body(res).message.message).toContain('قبل الدمج');
    expect(await dataSnapshot(ctx)).toEqual(snapshot);
  });

  it('refuses a merge based on an older version of either record (409), changing nothing', async () => {
    const kept = (await insertPatient(ctx.database.db, a.companyId)).id;
    const dup = await selfRegistered('0551230003');
    const snapshot = await dataSnapshot(ctx);
    const current = { version: await versionOf(ctx, 'patients', dup), intoVersion: await versionOf(ctx, 'patients', kept) };
    for (const stale of [{ ...current, version: current.version + 1 }, { ...current, intoVersion: current.intoVersion + 1 }]) {
      const res = await merge(dup, kept, a.token, stale);
      expect(res.statusCode).toBe(409);
      expect(body(res).message.code).toBe('STALE_RECORD');
    }
    expect(await dataSnapshot(ctx)).toEqual(snapshot);
  });

  it('answers 404 for another company\'s patient on either side and 422 for a merge into itself, changing nothing', async () => {
    const mine = (await insertPatient(ctx.database.db, a.companyId)).id;
    const theirs = (await insertPatient(ctx.database.db, b.companyId)).id;
    const snapshot = await dataSnapshot(ctx);
    expect((await merge(theirs, mine)).statusCode).toBe(404);
    expect((await merge(mine, theirs)).statusCode).toBe(404);
    expect((await merge(mine, theirs, b.token)).statusCode).toBe(404);
    const self = await merge(mine, mine);
    expect(self.statusCode).toBe(422);
    expect(body(self).message.fields.into).toMatch(/itself/);
    expect(await dataSnapshot(ctx)).toEqual(snapshot);
  });

  it('without the merge, a signed encounter still refuses a change of its patient', async () => {
    const [signed] = await ctx.database.query<{ id: string }>(`select id from encounters where company_id = $1 and status = 'signed' limit 1`, [a.companyId]);
    const other = (await insertPatient(ctx.database.db, a.companyId)).id;
    await expect(ctx.database.query('update encounters set patient_id = $1 where id = $2', [other, signed!.id])).rejects.toThrow();
  });
});

describe('GET /api/patients?selfRegistered=true', () => {
  it('lists only the patients who registered themselves, marked as such', async () => {
    const online = await selfRegistered('0551230009');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/patients?selfRegistered=true&limit=30', headers: auth(a.token) });
    const rows = body(res).data as Array<{ _id: string; selfRegistered: boolean }>;
    expect(rows.map((r) => r._id)).toContain(online);
    expect(rows.every((r) => r.selfRegistered)).toBe(true);
  });
});
