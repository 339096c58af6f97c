/** Every query of vitals and allergies. All of them are scoped by company. */
import { and, asc, desc, eq, getTableColumns, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Vital, VitalsListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { nextVersion } from '../../lib/versioning.js';
import { employees, patientAllergies, patientAllergyStates, patients, vitalReferenceRanges, vitalSigns } from '../../db/schema/index.js';
import { blankIfMasked, joinOn, sensitiveEncounter, sensitiveNote } from '../encounters/index.js';

export type VitalsInsert = Omit<typeof vitalSigns.$inferInsert, 'companyId' | 'id'>;
export type AllergyInsert = Omit<typeof patientAllergies.$inferInsert, 'companyId' | 'id'>;

/** The patient's birth date, or undefined when the patient is not one of the company's. */
export async function patientBirthDate(db: Db, companyId: string, patientId: string): Promise<string | undefined> {
  const [row] = await db.select({ dob: patients.dateOfBirth }).from(patients).where(and(eq(patients.companyId, companyId), eq(patients.id, patientId))).limit(1);
  return row?.dob;
}

const recorder = alias(employees, 'recorder');
const marker = alias(employees, 'marker');

/**
 * Vitals sets with who recorded and who marked them. `viewer` given: the note of a set taken at another doctor's
 * sensitive encounter comes empty for them (the readings stay: a blood pressure says nothing of why the visit was
 * sensitive, a note may); null: as stored (for what the writer itself is answered).
 */
const withNames = (db: Db, viewer: string | null) => db.select({
  row: { ...getTableColumns(vitalSigns), note: viewer === null ? vitalSigns.note : blankIfMasked(vitalSigns.note, viewer) },
  recorderName: recorder.name, markerName: marker.name,
}).from(vitalSigns)
  .leftJoin(recorder, and(eq(recorder.companyId, vitalSigns.companyId), eq(recorder.id, vitalSigns.recordedBy)))
  .leftJoin(marker, and(eq(marker.companyId, vitalSigns.companyId), eq(marker.id, vitalSigns.enteredInErrorBy)))
  .leftJoin(sensitiveEncounter, joinOn.encounter(vitalSigns.companyId, vitalSigns.encounterId))
  .leftJoin(sensitiveNote, joinOn.note(vitalSigns.companyId, vitalSigns.encounterId));
export type VitalsRow = Awaited<ReturnType<typeof findVitals>>[number];

/** The column of each vital, for the "only sets with this vital" filter. */
const VITAL_COLUMNS: Record<Vital, AnyPgColumn> = {
  height: vitalSigns.heightCm, weight: vitalSigns.weightKg, bmi: vitalSigns.bmi, temperature: vitalSigns.temperatureC,
  pulse: vitalSigns.pulse, respiratoryRate: vitalSigns.respiratoryRate, systolic: vitalSigns.systolic, diastolic: vitalSigns.diastolic,
  spo2: vitalSigns.spo2, painScore: vitalSigns.painScore, glucose: vitalSigns.glucoseMmol,
};

/** The patient's vitals, newest first, at most `q.limit` sets, as `viewer` may see them (see withNames). */
export function findVitals(db: Db, companyId: string, patientId: string, q: Pick<VitalsListQuery, 'vital' | 'from' | 'to' | 'includeEnteredInError' | 'limit'>, viewer: string | null) {
  const where = [eq(vitalSigns.companyId, companyId), eq(vitalSigns.patientId, patientId)];
  if (!q.includeEnteredInError) where.push(isNull(vitalSigns.enteredInErrorAt));
  if (q.vital) where.push(isNotNull(VITAL_COLUMNS[q.vital]));
  if (q.from) where.push(gte(vitalSigns.takenAt, new Date(q.from)));
  if (q.to) where.push(lte(vitalSigns.takenAt, new Date(q.to)));
  return withNames(db, viewer).where(and(...where)).orderBy(desc(vitalSigns.takenAt), desc(vitalSigns.id)).limit(q.limit);
}

export async function findVitalsSet(db: Db, companyId: string, patientId: string, id: string, viewer: string | null) {
  const [row] = await withNames(db, viewer).where(and(eq(vitalSigns.companyId, companyId), eq(vitalSigns.patientId, patientId), eq(vitalSigns.id, id))).limit(1);
  return row ?? null;
}

export async function insertVitals(db: Db, companyId: string, values: VitalsInsert): Promise<string> {
  const [row] = await db.insert(vitalSigns).values({ companyId, ...values }).returning({ id: vitalSigns.id });
  if (!row) throw new Error('vitals insert returned nothing');
  return row.id;
}

/** Marks a set entered in error, only while it is not already: false when nothing matched. */
export async function markVitalsInError(db: Db, companyId: string, patientId: string, id: string, by: string, reason: string): Promise<boolean> {
  const rows = await db.update(vitalSigns).set({ enteredInErrorAt: new Date(), enteredInErrorBy: by, enteredInErrorReason: reason })
    .where(and(eq(vitalSigns.companyId, companyId), eq(vitalSigns.patientId, patientId), eq(vitalSigns.id, id), isNull(vitalSigns.enteredInErrorAt)))
    .returning({ id: vitalSigns.id });
  return rows.length > 0;
}

export async function findRangeOverrides(db: Db, companyId: string) {
  const [row] = await db.select({ ranges: vitalReferenceRanges.ranges, updatedAt: vitalReferenceRanges.updatedAt, updatedBy: vitalReferenceRanges.updatedBy, updaterName: employees.name })
    .from(vitalReferenceRanges)
    .leftJoin(employees, and(eq(employees.companyId, vitalReferenceRanges.companyId), eq(employees.id, vitalReferenceRanges.updatedBy)))
    .where(eq(vitalReferenceRanges.companyId, companyId)).limit(1);
  return row ?? null;
}

export async function saveRangeOverrides(db: Db, companyId: string, ranges: Record<string, Record<string, unknown>>, by: string) {
  await db.insert(vitalReferenceRanges).values({ companyId, ranges, updatedBy: by })
    .onConflictDoUpdate({ target: vitalReferenceRanges.companyId, set: { ranges, updatedBy: by, updatedAt: new Date() } });
}

// ---------------------------------------------------------------------------------------------------------
// Allergies

const allergyColumns = { row: patientAllergies, recorderName: employees.name };
export type AllergyRow = Awaited<ReturnType<typeof findAllergies>>[number];

/** Every allergy of the patient: active first, then by substance. */
export function findAllergies(db: Db, companyId: string, patientId: string) {
  return db.select(allergyColumns).from(patientAllergies)
    .leftJoin(employees, and(eq(employees.companyId, patientAllergies.companyId), eq(employees.id, patientAllergies.recordedBy)))
    .where(and(eq(patientAllergies.companyId, companyId), eq(patientAllergies.patientId, patientId)))
    .orderBy(sql`${patientAllergies.status} <> 'active'`, asc(patientAllergies.substanceKey))
    .limit(200);
}

export async function findAllergy(db: Db, companyId: string, patientId: string, id: string) {
  const [row] = await db.select(allergyColumns).from(patientAllergies)
    .leftJoin(employees, and(eq(employees.companyId, patientAllergies.companyId), eq(employees.id, patientAllergies.recordedBy)))
    .where(and(eq(patientAllergies.companyId, companyId), eq(patientAllergies.patientId, patientId), eq(patientAllergies.id, id))).limit(1);
  return row ?? null;
}

/** The allergies the patient's registration form lists (what they told the desk), as stored: free text. */
export async function registrationAllergies(db: Db, companyId: string, patientId: string): Promise<unknown[]> {
  const [row] = await db.select({ told: sql<unknown>`${patients.details}->'allergies'` }).from(patients)
    .where(and(eq(patients.companyId, companyId), eq(patients.id, patientId))).limit(1);
  return Array.isArray(row?.told) ? row.told.slice(0, 100) : [];
}

export async function findAllergyState(db: Db, companyId: string, patientId: string) {
  const [row] = await db.select({ state: patientAllergyStates, recorderName: employees.name }).from(patientAllergyStates)
    .leftJoin(employees, and(eq(employees.companyId, patientAllergyStates.companyId), eq(employees.id, patientAllergyStates.recordedBy)))
    .where(and(eq(patientAllergyStates.companyId, companyId), eq(patientAllergyStates.patientId, patientId))).limit(1);
  return row ?? null;
}

/**
 * Takes the patient's allergy lock (the state row, created when missing) for the rest of the transaction: recording an
 * allergy and recording "no known allergies" for one patient run one after the other, each seeing the other's result.
 */
export async function lockAllergyState(db: Db, companyId: string, patientId: string) {
  await db.insert(patientAllergyStates).values({ companyId, patientId }).onConflictDoNothing();
  const [row] = await db.select().from(patientAllergyStates)
    .where(and(eq(patientAllergyStates.companyId, companyId), eq(patientAllergyStates.patientId, patientId))).for('update');
  return row!;
}

export async function setNoKnownAllergies(db: Db, companyId: string, patientId: string, value: boolean, by: string | null) {
  await db.update(patientAllergyStates)
    .set(value ? { noKnownAllergies: true, recordedBy: by, recordedAt: new Date(), updatedAt: new Date() } : { noKnownAllergies: false, recordedBy: null, recordedAt: null, updatedAt: new Date() })
    .where(and(eq(patientAllergyStates.companyId, companyId), eq(patientAllergyStates.patientId, patientId)));
}

export async function activeAllergyCount(db: Db, companyId: string, patientId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(patientAllergies)
    .where(and(eq(patientAllergies.companyId, companyId), eq(patientAllergies.patientId, patientId), eq(patientAllergies.status, 'active')));
  return row?.n ?? 0;
}

/** Inserts an allergy; null when the patient already has an entry for the substance (its normalised key). */
export async function insertAllergy(db: Db, companyId: string, values: AllergyInsert): Promise<string | null> {
  const [row] = await db.insert(patientAllergies).values({ companyId, ...values }).onConflictDoNothing().returning({ id: patientAllergies.id });
  return row?.id ?? null;
}

export async function updateAllergyAtVersion(db: Db, companyId: string, patientId: string, id: string, version: number, fields: Partial<AllergyInsert>): Promise<boolean> {
  const rows = await db.update(patientAllergies).set({ ...fields, updatedAt: new Date(), version: nextVersion(patientAllergies.version) })
    .where(and(eq(patientAllergies.companyId, companyId), eq(patientAllergies.patientId, patientId), eq(patientAllergies.id, id), eq(patientAllergies.version, version)))
    .returning({ id: patientAllergies.id });
  return rows.length > 0;
}
