import { beforeAll, describe, expect, it } from 'vitest';
import type { ChartEntry } from '@clinic/shared';
import { insertClinic, insertPatient } from '../appointments/fixtures.js';
import { clinicalTest } from '../../test/clinical-fixtures.js';
import { auth, body } from '../../test/harness.js';

const { ctx, a, b, doctor, reception, patientId } = await clinicalTest({
  orgs: ['Chart North', 'Chart South'],
  doctor: { name: 'Dr. Rana Chart', username: 'rana.chart', email: 'rana.chart@example.test' },
  reception: { name: 'Desk Chart', username: 'desk.chart', email: 'desk.chart@example.test' },
  patient: 'Layla Chart',
});
let bPatientId: string;
let encounterIds: string[] = [];

const q = <T = { id: string }>(text: string, params: unknown[] = []) => ctx.database.query<T>(text, params);
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });
const chart = (token: string, query = '', pid = patientId) => get(token, `/api/patients/${pid}/chart${query ? `?${query}` : ''}`);
const day = (n: number) => new Date(Date.UTC(2026, 5, 1 + n, 9, 0, 0)).toISOString();

/** A record across every source; the same instant is shared by several kinds to test the order between them. */
async function fillRecord(companyId: string, pid: string, doctorId: string) {
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    const [e] = await q(`insert into encounters (company_id, kind, patient_id, doctor_id, status, opened_at, signed_at) values ($1, 'phone', $2, $3, $4, $5, $6) returning id`,
      [companyId, pid, doctorId, i % 2 ? 'signed' : 'open', day(i), i % 2 ? day(i) : null]);
    ids.push(e!.id);
    await q(`insert into encounter_notes (company_id, encounter_id, template, content) values ($1, $2, $3, '{}')`,
      [companyId, e!.id, JSON.stringify({ name: { en: 'SOAP note', ar: 'ملاحظة SOAP' }, sections: [] })]);
    await q(`insert into vital_signs (company_id, patient_id, encounter_id, taken_at, pulse, systolic, diastolic) values ($1, $2, $3, $4, 72, 120, 80)`, [companyId, pid, e!.id, day(i)]);
  }
  await q(`insert into encounter_addenda (company_id, encounter_id, author_id, reason, text) values ($1, $2, $3, 'typo', 'corrected dose')`, [companyId, ids[1], doctorId]);
  const [code] = await q(`insert into diagnosis_codes (company_id, system, code, code_key, title_en, title_ar, search_text) values ($1, 'ICD-10', 'J06.9', 'j06.9', 'Acute upper respiratory infection', 'عدوى حادة في الجهاز التنفسي العلوي', ' j06.9') returning id`, [companyId]);
  await q(`insert into encounter_diagnoses (company_id, patient_id, encounter_id, code_id, rank, created_at, updated_at) values ($1, $2, $3, $4, 'primary', $5, $5)`, [companyId, pid, ids[3], code!.id, day(3)]);
  await q(`insert into patient_problems (company_id, patient_id, code_id, code, title_en, title_ar, created_at, updated_at) values ($1, $2, $3, 'J06.9', 'Acute upper respiratory infection', 'عدوى', $4, $4)`, [companyId, pid, code!.id, day(3)]);
  await q(`insert into patient_allergies (company_id, patient_id, substance, substance_key, recorded_at) values ($1, $2, 'Penicillin', 'penicillin', $3)`, [companyId, pid, day(5)]);
  await q(`insert into patient_medications (company_id, patient_id, name, name_key, route, frequency, start_date, created_at, updated_at) values ($1, $2, 'Metformin', 'metformin', 'oral', 'BID', '2026-06-07', $3, $3)`, [companyId, pid, day(6)]);
  const [file] = await q(`insert into files (company_id, original_name, mime_type, size_bytes) values ($1, 'x-ray.pdf', 'application/pdf', 10) returning id`, [companyId]);
  await q(`insert into patient_documents (company_id, patient_id, file_id, title, created_at) values ($1, $2, $3, 'Chest X-ray report', $4)`, [companyId, pid, file!.id, day(7)]);
  return ids;
}

beforeAll(async () => {
  bPatientId = (await insertPatient(ctx.database.db, b.companyId, { name: 'Other Chart' })).id;
  const [doc] = await q(`select id from employees where company_id = $1 and username = 'rana.chart'`, [a.companyId]);
  encounterIds = await fillRecord(a.companyId, patientId, doc!.id);
  await fillRecord(b.companyId, bPatientId, b.adminId);
}, 60_000);

const keyOf = (e: ChartEntry) => `${e.kind}:${e._id}`;

describe('the patient chart', () => {
  it('merges every source newest first; at one instant, kinds in the chart order', async () => {
    const res = await chart(doctor, 'limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const { data, nextCursor } = body<{ data: ChartEntry[]; nextCursor: string | null }>(res);
    expect(nextCursor).toBeNull();
    expect(data).toHaveLength(12 * 2 + 5);
    expect(data.slice(0, 3).map((e) => [e.kind, e.at])).toEqual([['encounter', day(11)], ['vitals', day(11)], ['encounter', day(10)]]);
    const at3 = data.filter((e) => e.at === day(3)).map((e) => e.kind);
    expect(at3).toEqual(['encounter', 'vitals', 'diagnosis', 'problem']);
    const signed = data.find((e) => e._id === encounterIds[1])!;
    expect(signed).toMatchObject({ title: { en: 'SOAP note', ar: 'ملاحظة SOAP' }, encounter: { state: 'signed', addenda: 1 }, author: { name: 'Dr. Rana Chart' }, link: { page: 'encounter' } });
    expect(data.find((e) => e.kind === 'diagnosis')).toMatchObject({ detail: 'J06.9', status: 'primary', link: { page: 'encounter', id: encounterIds[3] } });
    expect(data.find((e) => e.kind === 'vitals')).toMatchObject({ detail: null, vitals: [{ vital: 'systolic', value: 120, unit: 'mmHg' }, { vital: 'diastolic', value: 80, unit: 'mmHg' }, { vital: 'pulse', value: 72, unit: 'bpm' }] });
    expect(data.find((e) => e.kind === 'document')!.link.url).toMatch(/^\/api\/files\//);
  });

  it('sends a vitals set\'s measurements and a medication\'s strength and form as fields, not as English text', async () => {
    const pid = (await insertPatient(ctx.database.db, a.companyId, { name: 'Vera Fields' })).id;
    // Weighed in pounds and the temperature taken in Fahrenheit: stored canonical, sent in the units entered.
    await q(`insert into vital_signs (company_id, patient_id, taken_at, systolic, diastolic, pulse, temperature_c, spo2, weight_kg, glucose_mmol, respiratory_rate, entered_units)
      values ($1, $2, $3, 135, 85, 88, 37, 96, 70, 6.2, 16, '{"temperature": "F", "weight": "lb"}')`, [a.companyId, pid, day(30)]);
    await q(`insert into vital_signs (company_id, patient_id, taken_at, temperature_c, glucose_mmol, entered_units) values ($1, $2, $3, 36.5, 5.6, '{"glucose": "mg/dL", "temperature": "K"}')`, [a.companyId, pid, day(29)]);
    await q(`insert into patient_medications (company_id, patient_id, name, name_key, strength, form, route, frequency, start_date, created_at, updated_at)
      values ($1, $2, 'Amoxil', 'amoxil', '457 mg/5 mL', 'Oral suspension', 'oral', 'BID', '2026-07-01', $3, $3), ($1, $2, 'Vitamin D', 'vitamin d', '', '', 'oral', 'QD', '2026-07-01', $4, $4)`,
    [a.companyId, pid, day(28), day(27)]);

    const res = await chart(doctor, 'kinds=vitals,medication', pid);
    expect(res.statusCode, res.body).toBe(200);
    const data = body<{ data: ChartEntry[] }>(res).data;
    expect(data.map((e) => [e.kind, e.detail, e.vitals, e.medication])).toEqual([
      ['vitals', null, [
        { vital: 'systolic', value: 135, unit: 'mmHg' }, { vital: 'diastolic', value: 85, unit: 'mmHg' }, { vital: 'pulse', value: 88, unit: 'bpm' },
        { vital: 'temperature', value: 98.6, unit: 'F' }, { vital: 'spo2', value: 96, unit: '%' }, { vital: 'weight', value: 154.3, unit: 'lb' },
        { vital: 'glucose', value: 6.2, unit: 'mmol/L' },
      ], undefined],
      // A unit that is not one of the vital's (a hand-edited row) is read as the stored unit.
      ['vitals', null, [{ vital: 'temperature', value: 36.5, unit: 'C' }, { vital: 'glucose', value: 101, unit: 'mg/dL' }], undefined],
      ['medication', null, undefined, { strength: '457 mg/5 mL', form: 'Oral suspension' }],
      ['medication', null, undefined, { strength: '', form: '' }],
    ]);
  });

  it('shows prescriptions, orders and their results with their state, each opening its encounter', async () => {
    const [doc] = await q(`select id from employees where company_id = $1 and username = 'rana.chart'`, [a.companyId]);
    const pid = (await insertPatient(ctx.database.db, a.companyId, { name: 'Omar Orders' })).id;
    const clinicId = (await insertClinic(ctx.database.db, a.companyId, { name: 'Chart Clinic' })).id;
    const [enc] = await q(`insert into encounters (company_id, kind, patient_id, doctor_id, opened_at) values ($1, 'phone', $2, $3, $4) returning id`, [a.companyId, pid, doc!.id, day(20)]);
    const [drug] = await q(`insert into medications (company_id, name, name_key, generic_name, generic_key, match_key, search_text) values ($1, 'Amoxil', 'amoxil', 'Amoxicillin', 'amoxicillin', 'amoxil', ' amoxil') returning id`, [a.companyId]);
    const [rx] = await q(`insert into prescriptions (company_id, number, patient_id, prescriber_id, clinic_id, encounter_id, language, verification_token, created_at)
      values ($1, 'RX-000001', $2, $3, $4, $5, 'ar', 'chart-token', $6) returning id`, [a.companyId, pid, doc!.id, clinicId, enc!.id, day(20)]);
    await q(`insert into prescription_items (company_id, prescription_id, position, medication_id, name, name_ar, dose, unit, route, frequency, duration_days, quantity)
      values ($1, $2, 1, $3, 'Amoxil', 'أموكسيل', 1, 'capsule', 'oral', 'TID', 7, 21)`, [a.companyId, rx!.id, drug!.id]);
    await q(`update prescriptions set status = 'issued', issued_at = $2, valid_until = '2026-07-21' where id = $1`, [rx!.id, day(20)]);
    const [test] = await q(`insert into order_catalogue_items (company_id, clinic_id, code, name_en, name_ar, kind) values ($1, $2, 'FBG', 'Fasting glucose', 'سكر صائم', 'lab') returning id`, [a.companyId, clinicId]);
    const [order] = await q(`insert into orders (company_id, number, kind, patient_id, doctor_id, clinic_id, encounter_id, status, ordered_at, resulted_at, abnormal)
      values ($1, 'LAB-2026-000001', 'lab', $2, $3, $4, $5, 'resulted', $6, $7, true) returning id`, [a.companyId, pid, doc!.id, clinicId, enc!.id, day(20), day(21)]);
    await q(`insert into order_items (company_id, order_id, catalogue_item_id, position, code, name_en, name_ar) values ($1, $2, $3, 1, 'FBG', 'Fasting glucose', 'سكر صائم')`, [a.companyId, order!.id, test!.id]);

    const data = body<{ data: ChartEntry[] }>(await chart(doctor, 'kinds=prescription,order,result', pid)).data;
    expect(data.map((e) => [e.kind, e.at, e.status, e.title, e.detail, e.link])).toEqual([
      ['result', day(21), 'abnormal', { en: 'Fasting glucose', ar: 'سكر صائم' }, 'LAB-2026-000001', { page: 'encounter', id: enc!.id }],
      ['prescription', day(20), 'issued', { en: 'Amoxil', ar: 'أموكسيل' }, 'RX-000001', { page: 'encounter', id: enc!.id }],
      ['order', day(20), 'resulted', { en: 'Fasting glucose', ar: 'سكر صائم' }, 'LAB-2026-000001', { page: 'encounter', id: enc!.id }],
    ]);
    expect(data.every((e) => e.author?.name === 'Dr. Rana Chart')).toBe(true);
  });

  it('pages by cursor without a duplicate or a gap, whatever the page size', async () => {
    const all = body<{ data: ChartEntry[] }>(await chart(doctor, 'limit=100')).data.map(keyOf);
    for (const limit of [1, 4, 7]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: ChartEntry[]; nextCursor: string | null } = body(await chart(doctor, `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));
        expect(page.data.length).toBeLessThanOrEqual(limit);
        seen.push(...page.data.map(keyOf));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
    }
  });

  it('filters by kinds and by a date range', async () => {
    const kinds = body<{ data: ChartEntry[] }>(await chart(doctor, 'kinds=diagnosis,document,allergy&limit=100')).data;
    expect(kinds.map((e) => e.kind)).toEqual(['document', 'allergy', 'diagnosis']);
    const range = body<{ data: ChartEntry[] }>(await chart(doctor, `kinds=encounter&from=${encodeURIComponent(day(2))}&to=${encodeURIComponent(day(4))}`)).data;
    expect(range.map((e) => e.at)).toEqual([day(4), day(3), day(2)]);
  });

  it('refuses bad filters with a field error and no 500', async () => {
    for (const [query, field] of [['kinds=x-ray', 'kinds'], ['limit=101', 'limit'], ['cursor=abc', 'cursor'], ['from=yesterday', 'from'], [`from=${day(5)}&to=${day(1)}`, 'to']] as const) {
      const res = await chart(doctor, query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(body(res).message.fields).join(','), query).toContain(field);
    }
  });

  it('keeps each company to its own patients', async () => {
    expect((await chart(doctor, '', bPatientId)).statusCode).toBe(404);
    expect((await chart(b.token, '', patientId)).statusCode).toBe(404);
    const own = body<{ data: ChartEntry[] }>(await chart(b.token, 'limit=100', bPatientId)).data;
    expect(own).toHaveLength(29);
    expect(own.every((e) => !encounterIds.includes(e._id))).toBe(true);
  });

  it('is refused to reception, and each read is one audit row of the patient', async () => {
    expect((await chart(reception)).statusCode).toBe(403);
    const audits = async () => (await q<{ n: number }>(`select count(*)::int as n from audit_log where company_id = $1 and entity = 'patient' and entity_id = $2 and action = 'read' and changes->>'part' = 'chart'`, [a.companyId, patientId]))[0]!.n;
    const before = await audits();
    await chart(doctor, 'limit=5');
    expect(await audits()).toBe(before + 1);
    await chart(reception);
    expect(await audits()).toBe(before + 1);
  });
});

describe('the clinical part of the printed summary', () => {
  const summary = (token: string, pid = patientId) => get(token, `/api/patients/${pid}/record-summary`);

  it('lists active problems, the allergies and current medications; stopped ones and resolved ones are left out', async () => {
    const [code] = await q(`select id from diagnosis_codes where company_id = $1`, [a.companyId]);
    await q(`insert into patient_problems (company_id, patient_id, code_id, code, title_en, title_ar, status, resolved_date) values ($1, $2, $3, 'J06.9', 'Old cold', 'زكام قديم', 'resolved', '2026-06-30')`, [a.companyId, patientId, code!.id]);
    await q(`insert into patient_medications (company_id, patient_id, name, name_key, route, frequency, start_date, status, status_changed_at) values ($1, $2, 'Ibuprofen', 'ibuprofen', 'oral', 'PRN', '2026-06-01', 'stopped', now())`, [a.companyId, patientId]);
    const res = await summary(doctor);
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data;
    expect(data.problems.map((p: { code: string; titleAr: string }) => [p.code, p.titleAr])).toEqual([['J06.9', 'عدوى']]);
    expect(data.allergies).toMatchObject({ state: 'allergies', allergies: [{ substance: 'Penicillin' }] });
    expect(data.medications.map((m: { name: string; frequency: string }) => [m.name, m.frequency])).toEqual([['Metformin', 'BID']]);
  });

  it('tells "no known allergies" from "not recorded"', async () => {
    const fresh = (await insertPatient(ctx.database.db, a.companyId, { name: 'New Patient' })).id;
    expect(body(await summary(doctor, fresh)).data).toMatchObject({ problems: [], medications: [], allergies: { state: 'unknown' } });
    await q(`insert into patient_allergy_states (company_id, patient_id, no_known_allergies, recorded_at) values ($1, $2, true, now())`, [a.companyId, fresh]);
    expect(body(await summary(doctor, fresh)).data.allergies.state).toBe('none');
  });

  it('is refused to reception and to another company, and each read is one audit row', async () => {
    expect((await summary(reception)).statusCode).toBe(403);
    expect((await summary(b.token)).statusCode).toBe(404);
    const reads = async () => (await q<{ n: number }>(`select count(*)::int as n from audit_log where company_id = $1 and entity_id = $2 and action = 'read' and changes->>'part' = 'summary'`, [a.companyId, patientId]))[0]!.n;
    const before = await reads();
    await summary(doctor);
    expect(await reads()).toBe(before + 1);
  });
});
