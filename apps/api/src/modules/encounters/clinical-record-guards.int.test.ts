import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { substanceKey } from '@clinic/shared';
import { insertClinic, insertPatient } from '../appointments/fixtures.js';
import { clinicalTest } from '../../test/clinical-fixtures.js';
import { auth, body, multipart } from '../../test/harness.js';

/*
 * What keeps the clinical record whole: an issue's allergy check cannot miss an allergy being recorded, and a patient
 * with any clinical record is never deleted. The test of a transaction held open meanwhile needs a second connection:
 * PostgreSQL only (DATABASE_URL).
 */

const { ctx, a, doctor } = await clinicalTest({
  doctor: { name: 'Dr. Nadia', username: 'grd_doctor', email: 'grd_doctor@a.test' },
  reception: { name: 'Desk', username: 'grd_desk', email: 'grd_desk@a.test' },
  patient: 'Mona Khalil',
});

type Lang = 'en' | 'ar';
const req = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: Lang) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const q = <T>(sql: string, params: unknown[] = []) => ctx.database.query<T & Record<string, unknown>>(sql, params);
const count = async (sql: string, params: unknown[] = []) => (await q<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

const ids = {} as Record<'clinic' | 'amoxil' | 'panadol' | 'cbc', string>;

beforeAll(async () => {
  ids.clinic = (await insertClinic(ctx.database.db, a.companyId, { name: 'Guard Clinic' })).id;
  const csv = ['name,generic name,form,strength,Arabic name', 'Amoxil,Amoxicillin,Capsule,500 mg,أموكسيل', 'Panadol,Paracetamol,Tablet,500 mg,بنادول'].join('\n');
  const form = await multipart([], [{ field: 'file', filename: 'c.csv', type: 'text/csv', data: Buffer.from(csv) }]);
  const imported = await ctx.app.inject({ method: 'POST', url: '/api/medications/import', headers: { ...auth(a.token), 'content-type': form.contentType }, payload: form.payload });
  expect(imported.statusCode, imported.body).toBe(200);
  for (const r of await q<{ id: string; name: string }>(`select id, name from medications where company_id = $1`, [a.companyId])) ids[r.name.toLowerCase() as 'amoxil' | 'panadol'] = r.id;
  const cbc = await req(a.token, 'POST', '/api/order-catalogue', { clinic: ids.clinic, code: 'CBC', nameEn: 'Complete blood count', nameAr: 'تعداد الدم الكامل', kind: 'lab' });
  expect(cbc.statusCode, cbc.body).toBe(201);
  ids.cbc = body(cbc).data._id;
}, 60_000);


/** A prescription or an order for a patient (a record of their own, as the delete test needs). */
const adds = (patient: string) => ({
  prescription: () => req(doctor, 'POST', `/api/patients/${patient}/prescriptions`, {
    clinic: ids.clinic, items: [{ medication: ids.panadol, dose: 1, unit: 'tablet', route: 'oral', frequency: 'TID', durationDays: 3, quantity: 9 }],
  }),
  order: () => req(doctor, 'POST', `/api/patients/${patient}/orders`, { clinic: ids.clinic, items: [ids.cbc] }),
});

/** A second connection to the test database, for a transaction held open while the app works (PostgreSQL only). */
async function second(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  return client;
}

/** Waits until `n` of the app's statements wait for a lock, or every request has answered; which one happened. */
async function untilWaitingOrDone(client: pg.Client, n: number, pending: Array<Promise<unknown>>): Promise<'waiting' | 'done'> {
  let done = 0;
  for (const p of pending) void p.finally(() => { done++; });
  for (let i = 0; i < 400; i++) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`);
    if (rows[0]!.n >= n) return 'waiting';
    if (done === pending.length) return 'done';
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('neither waiting nor done');
}

describe.skipIf(!ctx.databaseUrl)('under concurrency (PostgreSQL)', () => {
  it('an issue while an allergy is being recorded waits for it and warns of it', async () => {
    const patient = (await insertPatient(ctx.database.db, a.companyId, { name: 'Allergy Meanwhile' })).id;
    const draft = body(await req(doctor, 'POST', `/api/patients/${patient}/prescriptions`, {
      clinic: ids.clinic, items: [{ medication: ids.amoxil, dose: 1, unit: 'capsule', route: 'oral', frequency: 'TID', durationDays: 7, quantity: 21 }],
    })).data;
    const client = await second();
    try {
      // What recording an allergy does (createAllergy): the patient's allergy lock, then the entry.
      await client.query('begin');
      await client.query(`insert into patient_allergy_states (company_id, patient_id) values ($1, $2) on conflict do nothing`, [a.companyId, patient]);
      await client.query(`select 1 from patient_allergy_states where company_id = $1 and patient_id = $2 for update`, [a.companyId, patient]);
      await client.query(
        `insert into patient_allergies (company_id, patient_id, substance, substance_key, type, severity, status) values ($1, $2, 'Amoxicillin', $3, 'allergy', 'severe', 'active')`,
        [a.companyId, patient, substanceKey('Amoxicillin')],
      );
      const pending = req(doctor, 'POST', `/api/prescriptions/${draft._id}/issue`, { version: draft.version });
      expect(await untilWaitingOrDone(client, 1, [pending])).toBe('waiting');
      await client.query('commit');
      const res = await pending;
      expect([res.statusCode, body(res).message.code]).toEqual([422, 'PRESCRIPTION_WARNINGS_NOT_ACKNOWLEDGED']);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
    expect((await q<{ status: string }>(`select status from prescriptions where id = $1`, [draft._id]))[0]!.status).toBe('draft');
    expect(await count(`patient_medications where patient_id = $1`, [patient])).toBe(0);
  });
});

describe('deleting a patient with clinical records', () => {
  const remove = (id: string) => req(a.token, 'DELETE', `/api/patients/${id}`, undefined, 'en');
  const DEACTIVATED = 'This patient has medical records (appointments, notes or health reports), so the record was deactivated instead of deleted';

  it('deactivates a patient whose only record is "no known allergies", and keeps the record', async () => {
    const patient = (await insertPatient(ctx.database.db, a.companyId, { name: 'Only NKA' })).id;
    expect((await req(doctor, 'POST', `/api/patients/${patient}/allergies/none`)).statusCode).toBe(200);
    const res = await remove(patient);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ message: DEACTIVATED, data: { _id: patient, outcome: 'deactivated' } });
    expect(await q(`select no_known_allergies from patient_allergy_states where patient_id = $1`, [patient])).toEqual([{ no_known_allergies: true }]);
    expect(await q(`select is_active from patients where id = $1`, [patient])).toEqual([{ is_active: false }]);
  });

  it('deactivates a patient whose only record is a prescription or an order (not 409 IN_USE)', async () => {
    for (const kind of ['prescription', 'order'] as const) {
      const patient = (await insertPatient(ctx.database.db, a.companyId, { name: `Only ${kind}` })).id;
      expect((await adds(patient)[kind]()).statusCode, kind).toBe(201);
      const res = await remove(patient);
      expect([res.statusCode, body(res).data?.outcome], kind).toEqual([200, 'deactivated']);
      expect(await q(`select is_active from patients where id = $1`, [patient])).toEqual([{ is_active: false }]);
    }
  });

  it('still deletes a patient with nothing recorded', async () => {
    const patient = (await insertPatient(ctx.database.db, a.companyId, { name: 'Nothing Yet' })).id;
    expect(body(await remove(patient)).data).toEqual({ _id: patient, outcome: 'deleted' });
  });
});
