import { sql, type SQL } from 'drizzle-orm';
import { PATIENT_RECORD_KINDS, type PatientRecordCounts, type PatientRecordKind } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/sql.js';

/**
 * Every table whose rows belong to a patient (a `patient_id` column), by the kind the merge reports. A merge moves
 * the rows of each; `patients.merge.int.test.ts` fails when a table with a `patient_id` column or a foreign key to
 * patients is added and not listed here.
 */
export const PATIENT_TABLES: Readonly<Record<PatientRecordKind, string>> = {
  appointments: 'appointments',
  series: 'appointment_series',
  waitlist: 'waitlist_entries',
  notes: 'patient_notes',
  documents: 'patient_documents',
  invoices: 'invoices',
  claims: 'insurance_claims',
  encounters: 'encounters',
  diagnoses: 'encounter_diagnoses',
  problems: 'patient_problems',
  medications: 'patient_medications',
  vitals: 'vital_signs',
  allergies: 'patient_allergies',
  allergyStates: 'patient_allergy_states',
  orders: 'orders',
  prescriptions: 'prescriptions',
  doctorShares: 'doctor_share_entries',
};

function toCounts(row: Record<string, unknown> | undefined): PatientRecordCounts {
  return Object.fromEntries(PATIENT_RECORD_KINDS.map((k) => [k, Number(row?.[k] ?? 0)])) as PatientRecordCounts;
}

/** How many rows of each kind reference the patient. */
export async function countRecords(db: Db, companyId: string, patientId: string): Promise<PatientRecordCounts> {
  const columns = PATIENT_RECORD_KINDS.map((k) =>
    sql`(select count(*) from ${sql.identifier(PATIENT_TABLES[k])} where company_id = ${companyId} and patient_id = ${patientId})::int as ${sql.identifier(k)}`);
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${sql.join(columns, sql`, `)}`));
  return toCounts(rows[0]);
}

/** Locks both records (in a fixed order, so two merges of the same pair cannot deadlock) and reads them. */
export async function lockPair(db: Db, companyId: string, a: string, b: string): Promise<void> {
  await db.execute(sql`select id from patients where company_id = ${companyId} and id in (${a}, ${b}) order by id for update`);
}

export interface Clash { keptPublicId: string; keptStartsAt: Date; duplicatePublicId: string; duplicateStartsAt: Date; timeZone: string }

/** The first pair of active appointments of the two patients whose times overlap (the exclusion constraint's rule), with the duplicate's clinic's time zone. */
export async function findClash(db: Db, companyId: string, duplicateId: string, keptId: string): Promise<Clash | null> {
  const active = sql`('requested', 'scheduled', 'arrived', 'in_consultation')`;
  const rows = rowsOf<{ kp: string; ks: Date | string; dp: string; ds: Date | string; tz: string }>(await db.execute(sql`
    select k.public_id as kp, k.starts_at as ks, d.public_id as dp, d.starts_at as ds, c.time_zone as tz
      from appointments d
      join clinics c on c.company_id = d.company_id and c.id = d.clinic_id
      join appointments k on k.company_id = d.company_id and k.patient_id = ${keptId} and k.status in ${active}
       and tstzrange(k.starts_at, k.ends_at, '[)') && tstzrange(d.starts_at, d.ends_at, '[)')
     where d.company_id = ${companyId} and d.patient_id = ${duplicateId} and d.status in ${active}
     order by d.starts_at limit 1`));
  const r = rows[0];
  return r ? { keptPublicId: r.kp, keptStartsAt: new Date(r.ks), duplicatePublicId: r.dp, duplicateStartsAt: new Date(r.ds), timeZone: r.tz } : null;
}

/**
 * Two allergy rows of one substance (one per record) say the same thing when their status and severity are the same,
 * or when the duplicate's is not active and the kept one's is: the duplicate's row can then go. Rows of one substance
 * that say anything else cannot both stay (one row per substance and patient: patient_allergies_substance_uq), and
 * dropping either could hide an active allergy from the prescribing check, so the merge is refused until a clinician
 * reconciles them (allergyConflicts).
 */
const SAME_ALLERGY = sql`k.substance_key = d.substance_key
  and ((k.status = d.status and k.severity is not distinct from d.severity) or (d.status <> 'active' and k.status = 'active'))`;

/** The substances both records list in allergy rows that do not say the same thing (see SAME_ALLERGY), by name. */
export async function allergyConflicts(db: Db, companyId: string, duplicateId: string, keptId: string): Promise<string[]> {
  const rows = rowsOf<{ substance: string }>(await db.execute(sql`
    select d.substance from patient_allergies d
      join patient_allergies k on k.company_id = d.company_id and k.patient_id = ${keptId} and k.substance_key = d.substance_key
     where d.company_id = ${companyId} and d.patient_id = ${duplicateId} and not (${SAME_ALLERGY})
     order by d.substance_key`));
  return rows.map((r) => r.substance);
}

/**
 * Removes the duplicate's rows the kept record already has and could not hold twice (an allergy row saying the same
 * as the kept one, see SAME_ALLERGY; the same active problem; the allergy state) and answers them, for the audit.
 */
export async function foldOverlaps(db: Db, companyId: string, duplicateId: string, keptId: string) {
  const fold = async (table: string, same: SQL) => rowsOf<Record<string, unknown>>(await db.execute(sql`
    delete from ${sql.identifier(table)} d where d.company_id = ${companyId} and d.patient_id = ${duplicateId}
       and exists (select 1 from ${sql.identifier(table)} k where k.company_id = d.company_id and k.patient_id = ${keptId} and ${same})
    returning d.*`));
  return {
    allergies: await fold('patient_allergies', SAME_ALLERGY),
    problems: await fold('patient_problems', sql`d.status = 'active' and k.status = 'active' and k.code_id = d.code_id`),
    allergyStates: await fold('patient_allergy_states', sql`true`),
  };
}

/**
 * Moves every row of the duplicate to the kept record in ONE statement: an encounter and the diagnoses, vitals,
 * medications, prescriptions and orders that name it with its patient (a composite foreign key) change together, and
 * the foreign keys are checked at the end of the statement. The transaction declares itself a merge first, which the
 * locks of signed and issued rows let change their patient and nothing else (migrations/0054_merge_moves_locked_rows.sql).
 */
export async function moveRecords(db: Db, companyId: string, duplicateId: string, keptId: string): Promise<PatientRecordCounts> {
  await db.execute(sql`select set_config('clinic.merging', 'on', true)`);
  const moves = PATIENT_RECORD_KINDS.map((k) => sql`${sql.identifier(`m_${k}`)} as (
    update ${sql.identifier(PATIENT_TABLES[k])} set patient_id = ${keptId}
     where company_id = ${companyId} and patient_id = ${duplicateId} returning 1)`);
  const counts = PATIENT_RECORD_KINDS.map((k) => sql`(select count(*) from ${sql.identifier(`m_${k}`)})::int as ${sql.identifier(k)}`);
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`with ${sql.join(moves, sql`, `)} select ${sql.join(counts, sql`, `)}`));
  await db.execute(sql`select set_config('clinic.merging', 'off', true)`);
  return toCounts(rows[0]);
}

/**
 * "No known allergies" of the kept record cleared (as recording an active allergy clears it) when the merged record
 * has an active allergy, whichever record it came from and whichever record's state was kept; true when it was.
 */
export async function clearNoKnownAllergies(db: Db, companyId: string, keptId: string): Promise<boolean> {
  const rows = rowsOf<{ patient_id: string }>(await db.execute(sql`
    update patient_allergy_states s set no_known_allergies = false, recorded_by = null, recorded_at = null, updated_at = now()
     where s.company_id = ${companyId} and s.patient_id = ${keptId} and s.no_known_allergies
       and exists (select 1 from patient_allergies a where a.company_id = s.company_id and a.patient_id = s.patient_id and a.status = 'active')
    returning s.patient_id`));
  return rows.length > 0;
}

/** Removes the duplicate, now referenced by nothing. */
export async function deleteMerged(db: Db, companyId: string, duplicateId: string): Promise<void> {
  await db.execute(sql`delete from patients where company_id = ${companyId} and id = ${duplicateId}`);
}
