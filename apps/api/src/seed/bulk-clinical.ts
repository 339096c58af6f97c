/**
 * The clinical part of the bench data set, loaded set-based (one INSERT ... SELECT per table) after the appointments:
 * a share of the completed visits get a signed encounter with its note, a set of vitals and a primary diagnosis (and
 * the problem it makes), and one patient (the first) gets a long record: `chartEncounters` encounters in all, each
 * with vitals and a diagnosis, plus documents, allergies and medications. A third of the visits get a prescription and
 * a fifth a resulted lab order. Ids are derived from the rows (md5), so
 * every run holds the same data.
 */
import { SOAP_TEMPLATE } from '@clinic/shared';
import type { Database } from '../db/client.js';
import { upsertCodes } from '../modules/diagnoses/diagnosis-codes.repository.js';
import { STARTER_CODES, STARTER_SYSTEM } from '../modules/diagnoses/index.js';

export interface ClinicalBulk {
  /** Per thousand completed visits, how many get an encounter (0: no clinical data). */
  encountersPerMille: number;
  /** The patient whose chart the bench reads, and how many encounters they have in all. */
  chartPatientId: string;
  chartEncounters: number;
}

const TEMPLATE = JSON.stringify({ name: SOAP_TEMPLATE.name, sections: SOAP_TEMPLATE.sections });
const CONTENT = JSON.stringify({ complaint: 'Follow-up visit', examination: 'Chest clear. Abdomen soft.', assessment: 'Stable', plan: 'Review in three months' });

export async function seedBulkClinical(database: Database, companyId: string, opts: ClinicalBulk, now: Date, log: (line: string) => void): Promise<Record<string, number>> {
  if (opts.encountersPerMille <= 0) return {};
  let mark = Date.now();
  const steps: string[] = [];
  const q = async (text: string, params: unknown[] = []) => {
    const rows = await database.query<{ n: number }>(text, params);
    steps.push(`${Date.now() - mark} ms`);
    mark = Date.now();
    return rows;
  };
  const count = async (table: string) => (await q(`select count(*)::int as n from ${table} where company_id = $1`, [companyId]))[0]!.n;

  await upsertCodes(database.db, companyId, STARTER_SYSTEM, STARTER_CODES.slice(0, 80).map(([code, titleEn, titleAr]) => ({ code, codeKey: code.toLowerCase(), titleEn, titleAr })));
  const codeIds = (await database.query<{ id: string }>(`select id from diagnosis_codes where company_id = $1 order by code_key`, [companyId])).map((r) => r.id);

  // Encounters of a share of the completed visits, signed at the visit's end.
  await q(
    `insert into encounters (company_id, id, kind, appointment_id, patient_id, doctor_id, clinic_id, reason, status, opened_at, opened_by, signed_at, signed_by, created_at, updated_at)
     select a.company_id, md5('encounter:' || a.id)::uuid, 'visit', a.id, a.patient_id, a.doctor_id, a.clinic_id, a.reason, 'signed',
       a.starts_at, a.doctor_id, a.ends_at, a.doctor_id, a.starts_at, a.ends_at
     from appointments a where a.company_id = $1 and a.status = 'completed' and mod(abs(hashtext(a.id::text)), 1000) < $2`,
    [companyId, opts.encountersPerMille],
  );
  // The chart's patient: phone advice every few days back from now, up to chartEncounters in all.
  const [{ n: own }] = await q(`select count(*)::int as n from encounters where company_id = $1 and patient_id = $2`, [companyId, opts.chartPatientId]) as [{ n: number }];
  await q(
    `insert into encounters (company_id, id, kind, patient_id, doctor_id, status, opened_at, opened_by, signed_at, signed_by, created_at, updated_at)
     select $1::uuid, md5('phone:' || $2 || ':' || i)::uuid, 'phone', $2::uuid, d.id, 'signed', t, d.id, t + interval '15 minutes', d.id, t, t + interval '15 minutes'
     from generate_series(1, $3::int) i
     cross join lateral (select $4::timestamptz - make_interval(days => i * 4, hours => i % 7) as t) w
     cross join lateral (select id from employees where company_id = $1 and employee_type = 'Doctor' order by id limit 1) d`,
    [companyId, opts.chartPatientId, Math.max(0, opts.chartEncounters - own), now.toISOString()],
  );
  await q(
    `insert into encounter_notes (company_id, encounter_id, template, content, updated_by, signed_at, signed_by, version, created_at, updated_at)
     select e.company_id, e.id, $2::jsonb, $3::jsonb, e.doctor_id, e.signed_at, e.doctor_id, 2, e.opened_at, e.signed_at from encounters e where e.company_id = $1`,
    [companyId, TEMPLATE, CONTENT],
  );
  // One set of vitals per encounter, taken five minutes in; plausible values spread by the encounter's hash.
  await q(
    `insert into vital_signs (company_id, id, patient_id, encounter_id, taken_at, recorded_by, recorded_at, height_cm, weight_kg, bmi, temperature_c, pulse, systolic, diastolic, spo2)
     select e.company_id, md5('vitals:' || e.id)::uuid, e.patient_id, e.id, e.opened_at + interval '5 minutes', e.doctor_id, e.opened_at + interval '6 minutes',
       155 + e.h % 35, 50 + e.h % 45, round(((50 + e.h % 45) / (((155 + e.h % 35) / 100.0) ^ 2))::numeric, 1),
       36.3 + (e.h % 13) / 10.0, 58 + e.h % 45, 105 + e.h % 45, 62 + e.h % 28, 93 + e.h % 7
     from (select *, abs(hashtext(id::text)) as h from encounters where company_id = $1) e`,
    [companyId],
  );
  // A primary diagnosis per encounter, and the problems they make (one active problem per patient and code).
  await q(
    `insert into encounter_diagnoses (company_id, id, patient_id, encounter_id, code_id, rank, created_by, created_at, updated_at)
     select e.company_id, md5('diagnosis:' || e.id)::uuid, e.patient_id, e.id, ($2::uuid[])[1 + abs(hashtext(e.id::text)) % $3::int], 'primary', e.doctor_id,
       e.opened_at + interval '20 minutes', e.opened_at + interval '20 minutes'
     from encounters e where e.company_id = $1`,
    [companyId, codeIds, codeIds.length],
  );
  await q(
    `insert into patient_problems (company_id, patient_id, code_id, code, title_en, title_ar, status, onset_date, source_encounter_id, created_at, updated_at)
     select distinct on (d.patient_id, d.code_id) d.company_id, d.patient_id, d.code_id, c.code, c.title_en, c.title_ar, 'active',
       (d.created_at at time zone 'Asia/Riyadh')::date, d.encounter_id, d.created_at, d.created_at
     from encounter_diagnoses d join diagnosis_codes c on c.company_id = d.company_id and c.id = d.code_id
     where d.company_id = $1 order by d.patient_id, d.code_id, d.created_at`,
    [companyId],
  );
  // The chart's patient also has documents (one every fourth encounter), two allergies and three medications.
  await q(
    `with docs as (
       select e.id as encounter_id, e.opened_at, md5('file:' || e.id)::uuid as file_id, row_number() over (order by e.opened_at) as k
       from encounters e where e.company_id = $1 and e.patient_id = $2)
     , f as (insert into files (company_id, id, original_name, mime_type, size_bytes, created_at)
       select $1, file_id, 'report-' || k || '.pdf', 'application/pdf', 48000, opened_at from docs where k % 4 = 0 returning id)
     insert into patient_documents (company_id, id, patient_id, file_id, title, created_at)
     select $1, md5('document:' || encounter_id)::uuid, $2, file_id, 'Lab report ' || k, opened_at + interval '1 hour' from docs where k % 4 = 0`,
    [companyId, opts.chartPatientId],
  );
  await q(
    `insert into patient_allergies (company_id, patient_id, substance, substance_key, reaction, severity, recorded_at)
     values ($1, $2, 'Penicillin', 'penicillin', 'Rash', 'moderate', $3::timestamptz - interval '700 days'),
            ($1, $2, 'Ibuprofen', 'ibuprofen', 'Stomach pain', 'mild', $3::timestamptz - interval '300 days')`,
    [companyId, opts.chartPatientId, now.toISOString()],
  );
  await q(
    `insert into patient_medications (company_id, patient_id, name, generic_name, strength, form, name_key, generic_key, route, frequency, start_date, created_at, updated_at)
     select $1, $2, m.name, m.generic, m.strength, 'Tablet', lower(m.name), lower(m.generic), 'oral', m.freq, (($3::timestamptz - make_interval(days => m.ago)) at time zone 'Asia/Riyadh')::date,
       $3::timestamptz - make_interval(days => m.ago), $3::timestamptz - make_interval(days => m.ago)
     from (values ('Glucophage', 'Metformin', '500 mg', 'BID', 600), ('Concor', 'Bisoprolol', '5 mg', 'OD', 400), ('Lipitor', 'Atorvastatin', '20 mg', 'QHS', 90))
       as m(name, generic, strength, freq, ago)`,
    [companyId, opts.chartPatientId, now.toISOString()],
  );
  // A prescription (one drug, issued) at one visit in three, and a fasting glucose order, resulted, at one in five
  // (one result in four high). Written as drafts, then issued, as the database's locks require.
  await q(
    `insert into medications (company_id, id, name, generic_name, form, strength, name_ar, match_key, name_key, generic_key, search_text)
     values ($1::uuid, md5('bench-drug:' || $1::text)::uuid, 'Glucophage', 'Metformin', 'Tablet', '500 mg', 'جلوكوفاج', 'glucophage|metformin|500 mg', 'glucophage', 'metformin', ' glucophage metformin جلوكوفاج')`,
    [companyId],
  );
  await q(
    `insert into prescriptions (company_id, id, number, patient_id, prescriber_id, clinic_id, encounter_id, language, verification_token, created_by, created_at, updated_at)
     select e.company_id, md5('rx:' || e.id)::uuid, 'RX-B' || lpad((row_number() over (order by e.opened_at, e.id))::text, 7, '0'), e.patient_id, e.doctor_id, e.clinic_id, e.id,
       'ar', md5('rx-token:' || e.id), e.doctor_id, e.opened_at + interval '25 minutes', e.opened_at + interval '25 minutes'
     from encounters e where e.company_id = $1 and e.clinic_id is not null and mod(abs(hashtext(e.id::text)), 3) = 0`,
    [companyId],
  );
  await q(
    `insert into prescription_items (company_id, prescription_id, position, medication_id, name, generic_name, name_ar, strength, form, dose, unit, route, frequency, duration_days, quantity)
     select p.company_id, p.id, 1, md5('bench-drug:' || $1::text)::uuid, 'Glucophage', 'Metformin', 'جلوكوفاج', '500 mg', 'Tablet', 1, 'tablet', 'oral', 'BID', 30, 60
     from prescriptions p where p.company_id = $1::uuid`,
    [companyId],
  );
  await q(
    `update prescriptions set status = 'issued', issued_at = created_at, valid_until = (created_at at time zone 'Asia/Riyadh')::date + 30 where company_id = $1`,
    [companyId],
  );
  await q(
    `insert into order_catalogue_items (company_id, id, clinic_id, code, name_en, name_ar, kind, analytes)
     select c.company_id, md5('bench-fbg:' || c.id)::uuid, c.id, 'FBG', 'Fasting glucose', 'سكر صائم', 'lab',
       '[{"code":"GLU","nameEn":"Glucose","nameAr":"الجلوكوز","unit":"mmol/L","low":3.9,"high":5.5,"criticalLow":2.8,"criticalHigh":22}]'::jsonb
     from clinics c where c.company_id = $1`,
    [companyId],
  );
  await q(
    `insert into orders (company_id, id, number, kind, patient_id, doctor_id, clinic_id, encounter_id, status, ordered_at, resulted_at, abnormal, created_at, updated_at)
     select e.company_id, md5('order:' || e.id)::uuid, 'LAB-B-' || lpad((row_number() over (order by e.opened_at, e.id))::text, 7, '0'), 'lab', e.patient_id, e.doctor_id,
       e.clinic_id, e.id, 'resulted', e.opened_at + interval '30 minutes', e.opened_at + interval '1 day', mod(abs(hashtext(e.id::text)), 4) = 0,
       e.opened_at + interval '30 minutes', e.opened_at + interval '1 day'
     from encounters e where e.company_id = $1 and e.clinic_id is not null and mod(abs(hashtext(e.id::text)), 5) = 1`,
    [companyId],
  );
  await q(
    `insert into order_items (company_id, id, order_id, catalogue_item_id, position, code, name_en, name_ar, analytes)
     select o.company_id, md5('order-item:' || o.id)::uuid, o.id, md5('bench-fbg:' || o.clinic_id)::uuid, 1, 'FBG', 'Fasting glucose', 'سكر صائم', c.analytes
     from orders o join order_catalogue_items c on c.company_id = o.company_id and c.id = md5('bench-fbg:' || o.clinic_id)::uuid where o.company_id = $1`,
    [companyId],
  );
  await q(
    `insert into order_results (company_id, order_id, order_item_id, analyte_code, name_en, name_ar, value, unit, low, high, critical_low, critical_high, flag, entered_by, entered_at)
     select o.company_id, o.id, md5('order-item:' || o.id)::uuid, 'GLU', 'Glucose', 'الجلوكوز', case when o.abnormal then 7.8 else 5.1 end, 'mmol/L', 3.9, 5.5, 2.8, 22,
       case when o.abnormal then 'high' else 'normal' end, o.doctor_id, o.resulted_at
     from orders o where o.company_id = $1`,
    [companyId],
  );
  const counts = {
    encounters: await count('encounters'), vitalSets: await count('vital_signs'), encounterDiagnoses: await count('encounter_diagnoses'),
    problems: await count('patient_problems'), documents: await count('patient_documents'),
    prescriptions: await count('prescriptions'), orders: await count('orders'),
  };
  log(`clinical: ${counts.encounters} encounters with vitals and diagnoses, ${counts.problems} problems, ${counts.prescriptions} prescriptions, ${counts.orders} orders; chart patient ${opts.chartPatientId} with ${opts.chartEncounters} encounters (steps: ${steps.join(', ')})`);
  return counts;
}
