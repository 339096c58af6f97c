import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { body } from '../../test/harness.js';
import { importTest } from './fixtures.js';
import { PATIENT_OWNED_TABLES } from '../../db/patient-tables.js';

/**
 * Undoing a patient import never takes a patient's records with it: "no known allergies", an allergy or vitals
 * recorded for an imported patient (whose foreign keys cascade) refuse the undo like an appointment does.
 */

const { ctx, a, req, upload, countOf, runJobs } = await importTest('patients');

const CSV = 'Name,Phone,Date of birth,Gender\nUndo One,0591230001,1990-01-01,male\nUndo Two,0591230002,1991-02-02,female\nUndo Three,0591230003,1992-03-03,female\n';

/** A patient file imported: its batch id and its patients' ids by name. */
async function imported(csv: string) {
  const checked = body(await upload(csv)).data;
  expect((await req('POST', `/api/imports/${checked._id}/start`, { duplicates: 'keep', version: checked.version })).statusCode).toBe(202);
  await runJobs();
  const rows = await ctx.database.query<{ id: string; name: string }>('select id, name from patients where company_id = $1 and import_batch_id = $2', [a.companyId, checked._id]);
  return { batchId: checked._id as string, ids: Object.fromEntries(rows.map((r) => [r.name, r.id])) };
}

const undo = async (batchId: string, lang?: 'en' | 'ar') => {
  const version = body(await req('GET', `/api/imports/${batchId}`)).data.version;
  return req('POST', `/api/imports/${batchId}/undo`, { version }, lang);
};
const patientsOf = (batchId: string) => countOf('select count(*)::int as n from patients where company_id = $1 and import_batch_id = $2', [a.companyId, batchId]);

describe('undoing a patient import', () => {
  it('checks every table that references patients (and so does removing a patient)', async () => {
    const fks = await ctx.database.query<{ table: string }>(`
      select distinct c.conrelid::regclass::text as table from pg_constraint c
       where c.contype = 'f' and c.confrelid = 'public.patients'::regclass`);
    const columns = await ctx.database.query<{ table: string }>(`
      select distinct table_name as table from information_schema.columns where table_schema = 'public' and column_name = 'patient_id'`);
    const checked = new Set<string>(PATIENT_OWNED_TABLES.map((t) => getTableName(t)));
    const found = [...new Set([...fks, ...columns].map((r) => r.table.replace(/^public\./, '').replace(/"/g, '')))];
    expect(found.filter((t) => !checked.has(t)), 'tables referencing patients an undo does not check').toEqual([]);
  });

  it('is refused while an imported patient has "no known allergies", an allergy or vitals, deleting nothing', async () => {
    const { batchId, ids } = await imported(CSV);
    expect(await patientsOf(batchId)).toBe(3);

    const none = await req('POST', `/api/patients/${ids['Undo One']}/allergies/none`);
    expect(none.statusCode, none.body).toBe(200);
    const refused = await undo(batchId);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message.code).toBe('IMPORT_IN_USE');
    expect(body(refused).message.message).toContain('1 other records');
    expect(await patientsOf(batchId)).toBe(3);
    expect(await countOf('select count(*)::int as n from patient_allergy_states where company_id = $1 and patient_id = $2 and no_known_allergies', [a.companyId, ids['Undo One']])).toBe(1);

    const allergy = await req('POST', `/api/patients/${ids['Undo Two']}/allergies`, { substance: 'Penicillin', severity: 'life_threatening' });
    expect(allergy.statusCode, allergy.body).toBe(201);
    const vitals = await req('POST', `/api/patients/${ids['Undo Three']}/vitals`, { pulse: 72 });
    expect(vitals.statusCode, vitals.body).toBe(201);
    const again = await undo(batchId, 'ar');
    expect(again.statusCode).toBe(409);
    expect(body(again).message.code).toBe('IMPORT_IN_USE');
    expect(body(again).message.message).toContain('لدى مرضاه سجلات');
    expect(await patientsOf(batchId)).toBe(3);
    expect(await countOf('select count(*)::int as n from patient_allergies where company_id = $1 and patient_id = $2', [a.companyId, ids['Undo Two']])).toBe(1);
    expect(await countOf('select count(*)::int as n from vital_signs where company_id = $1 and patient_id = $2', [a.companyId, ids['Undo Three']])).toBe(1);
    expect(body(await req('GET', `/api/imports/${batchId}`)).data.status).toBe('imported');
    expect(await countOf(`select count(*)::int as n from audit_log where company_id = $1 and entity_id = $2 and action = 'undo'`, [a.companyId, batchId])).toBe(0);
  });

  it('still undoes a batch whose patients have nothing recorded', async () => {
    const { batchId } = await imported('Name,Phone,Date of birth,Gender\nClean One,0591230101,1990-01-01,male\n');
    const res = await undo(batchId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await patientsOf(batchId)).toBe(0);
  });
});
