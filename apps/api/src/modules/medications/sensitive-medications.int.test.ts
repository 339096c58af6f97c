import { describe, expect, it } from 'vitest';
import type { ChartEntry, PatientMedicationRecord } from '@clinic/shared';
import { body } from '../../test/harness.js';
import { expectNoSecret, sensitiveRecordTest } from '../../test/sensitive-fixtures.js';

/*
 * The patient's current medications recorded at a sensitive encounter (a prescription issued there, an entry listed
 * there) are as protected as its note: anyone but its doctor sees each entry masked in the list, the chart and the
 * printed summary (there, with its id, state, dates and encounter, but no drug, dose, notes or reason) and may not
 * stop or complete it, or list a new one at that encounter.
 */
const { ctx, doctor, patientId, otherDoctor, nurse, sensitiveEncounter, ids, req } = await sensitiveRecordTest({
  orgs: ['Private Meds North', 'Private Meds South'],
  doctor: { name: 'Dr. Salma Private', username: 'smed_doctor', email: 'smed_doctor@a.test' },
  reception: { name: 'Desk Smed', username: 'smed_desk', email: 'smed_desk@a.test' },
  patient: 'Hani Private',
});

/** What a clinician reads at `path` (below the patient's), after checking it answered. */
async function read<T>(token: string, path: string): Promise<{ text: string; data: T }> {
  const res = await req(token, 'GET', `/api/patients/${patientId}/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return { text: res.body, data: body<{ data: T }>(res).data };
}
const medications = (token: string) => read<PatientMedicationRecord[]>(token, 'medications?allData=true');
const statusOf = async (id: string) => (await ctx.database.query<{ status: string }>(`select status from patient_medications where id = $1`, [id]))[0]!.status;

describe('current medications of a sensitive encounter', () => {
  it('are masked in the patient\'s list for another doctor and a nurse: the entries stay, without drug, dose or notes', async () => {
    for (const token of [otherDoctor, nurse]) {
      const { text, data } = await medications(token);
      expectNoSecret(text);
      const masked = (id: string) => data.find((m) => m._id === id);
      expect(masked(ids.rxMedication)).toMatchObject({
        medication: null, name: '', nameAr: '', genericName: '', strength: '', form: '', dose: null, unit: null, notes: '',
        status: 'active', source: 'prescription', prescription: ids.prescription, encounter: sensitiveEncounter, restricted: true,
      });
      expect(masked(ids.listedMedication)).toMatchObject({ name: '', dose: null, notes: '', source: 'manual', encounter: sensitiveEncounter, restricted: true });
      // What was listed outside the sensitive encounter is shown as always.
      expect(masked(ids.plainMedication)).toMatchObject({ name: 'Vitamin D' });
      expect(masked(ids.plainMedication)).not.toHaveProperty('restricted');
    }
  });

  it('are masked on the chart and on the printed summary, which lists them after the others', async () => {
    const chart = await read<ChartEntry[]>(nurse, 'chart?kinds=medication&limit=100');
    expectNoSecret(chart.text);
    const { at: _at, author, ...rest } = chart.data.find((e) => e._id === ids.rxMedication)!;
    expect([rest, author?.name]).toEqual([{
      kind: 'medication', _id: ids.rxMedication, title: null, detail: null, status: 'active', link: { page: 'encounter', id: sensitiveEncounter }, encounter: null, restricted: true,
    }, 'Dr. Salma Private']);
    expect(chart.data.filter((e) => !e.restricted).map((e) => e.title?.en)).toEqual(['Vitamin D']);

    const summary = await read<{ medications: Array<{ name: string; dose: number | null; restricted: boolean }> }>(otherDoctor, 'record-summary');
    expectNoSecret(summary.text);
    expect(summary.data.medications.map((m) => [m.name, m.dose, m.restricted])).toEqual([['Vitamin D', null, false], ['', null, true], ['', null, true]]);
  });

  it('are shown in full to the encounter\'s own doctor', async () => {
    const { data } = await medications(doctor);
    expect(data.some((m) => m.restricted)).toBe(false);
    expect(data.find((m) => m._id === ids.rxMedication)).toMatchObject({ name: 'Retrozid', nameAr: 'ريتروزيد', genericName: 'Zidovudinol', strength: '300 mg', notes: 'Take with the evening meal' });
    expect(data.find((m) => m._id === ids.listedMedication)).toMatchObject({ name: 'Darunavirex', dose: 2, unit: 'tablet', notes: 'Keep away from the family' });
    const chart = (await read<ChartEntry[]>(doctor, 'chart?kinds=medication&limit=100')).data;
    expect(chart.find((e) => e._id === ids.rxMedication)).toMatchObject({ title: { en: 'Retrozid', ar: 'ريتروزيد' }, medication: { strength: '300 mg', form: 'Tablet' } });
    const summary = (await read<{ medications: Array<{ name: string }> }>(doctor, 'record-summary')).data;
    expect(summary.medications.map((m) => m.name)).toEqual(['Darunavirex', 'Retrozid', 'Vitamin D']);
  });

  it('are stopped or completed by the encounter\'s doctor only; nor may another clinician list one at that encounter', async () => {
    const refused = [
      await req(otherDoctor, 'POST', `/api/patient-medications/${ids.rxMedication}/stop`, { reason: 'Rash', version: 1 }),
      await req(nurse, 'POST', `/api/patient-medications/${ids.listedMedication}/complete`, { version: 1 }),
      await req(otherDoctor, 'POST', `/api/patients/${patientId}/medications`, { name: 'Aspirin', route: 'oral', frequency: 'OD', encounter: sensitiveEncounter }),
    ];
    expect(refused.map((r) => [r.statusCode, body(r).message.code])).toEqual(Array(3).fill([403, 'SENSITIVE_NOTE']));
    for (const r of refused) expectNoSecret(r.body);
    expect([await statusOf(ids.rxMedication), await statusOf(ids.listedMedication)]).toEqual(['active', 'active']);
    expect((await ctx.database.query(`select 1 from patient_medications where name = 'Aspirin'`)).length).toBe(0);
    // Another clinician stops what a plain visit listed as always; the doctor completes their own.
    expect((await req(nurse, 'POST', `/api/patient-medications/${ids.plainMedication}/complete`, { version: 1 })).statusCode).toBe(200);
    const done = await req(doctor, 'POST', `/api/patient-medications/${ids.listedMedication}/complete`, { version: 1 });
    expect(done.statusCode, done.body).toBe(200);
    expect(body(done).data).toMatchObject({ name: 'Darunavirex', status: 'completed' });
  });
});
