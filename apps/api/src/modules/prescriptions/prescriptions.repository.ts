/** Every query of prescribing. All of them are scoped by company, but the public verification's look-up by token. */
import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { pageWindow, type PrescriptionListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  clinics, employees, medications, patientMedications, patients, prescriptionItems, prescriptions, type StoredAcknowledgement,
} from '../../db/schema/index.js';
import { publicIdOf } from '../../lib/public-id.js';
import { nextVersion } from '../../lib/versioning.js';
import { joinOn, maskedFor, sensitiveEncounter, sensitiveNote } from '../encounters/index.js';

export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type ItemRow = typeof prescriptionItems.$inferSelect;
export type ItemInsert = Omit<typeof prescriptionItems.$inferInsert, 'companyId' | 'id' | 'prescriptionId' | 'position'>;
type PatientMedicationInsert = typeof patientMedications.$inferInsert;

export async function findPatient(db: Db, companyId: string, id: string) {
  const [row] = await db.select({ id: patients.id, name: patients.name, publicId: patients.publicId, dateOfBirth: patients.dateOfBirth, details: patients.details })
    .from(patients).where(and(eq(patients.companyId, companyId), eq(patients.id, id))).limit(1);
  return row ?? null;
}

export async function findEmployee(db: Db, companyId: string, id: string) {
  const [row] = await db.select({ id: employees.id, name: employees.name, licenseNumber: employees.medicalLicenseNumber })
    .from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, id))).limit(1);
  return row ?? null;
}

export async function clinicExists(db: Db, companyId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: clinics.id }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, id))).limit(1);
  return Boolean(row);
}

export function findMedications(db: Db, companyId: string, ids: string[]) {
  return db.select().from(medications).where(and(eq(medications.companyId, companyId), inArray(medications.id, ids)));
}

/**
 * The patient's active medications, for the duplicate check: always their real names (a check must see every drug the
 * patient takes), with `restricted` when one was recorded at a sensitive encounter of a doctor other than `viewerId`,
 * and `sensitive` when it was recorded at a sensitive encounter at all (whoever reads).
 */
export function findActiveMedications(db: Db, companyId: string, patientId: string, viewerId: string) {
  return db.select({
    id: patientMedications.id, medicationId: patientMedications.medicationId, name: patientMedications.name, genericName: patientMedications.genericName,
    restricted: maskedFor(viewerId), sensitive: sql<boolean>`coalesce(${sensitiveNote.sensitive}, false)`,
  }).from(patientMedications)
    .leftJoin(sensitiveEncounter, joinOn.encounter(patientMedications.companyId, patientMedications.encounterId))
    .leftJoin(sensitiveNote, joinOn.note(patientMedications.companyId, patientMedications.encounterId))
    .where(and(eq(patientMedications.companyId, companyId), eq(patientMedications.patientId, patientId), eq(patientMedications.status, 'active')));
}

export async function insertPrescription(db: Db, values: Omit<typeof prescriptions.$inferInsert, 'number'>): Promise<string> {
  const [row] = await db.insert(prescriptions).values({ ...values, number: publicIdOf(values.companyId, 'prescription', 'RX') }).returning({ id: prescriptions.id });
  return row!.id;
}

export async function replaceItems(db: Db, companyId: string, prescriptionId: string, items: ItemInsert[]): Promise<void> {
  await db.delete(prescriptionItems).where(and(eq(prescriptionItems.companyId, companyId), eq(prescriptionItems.prescriptionId, prescriptionId)));
  await db.insert(prescriptionItems).values(items.map((item, position) => ({ ...item, companyId, prescriptionId, position })));
}

/** Changes a draft at the version read; false when it is no longer a draft at that version. */
export async function updateDraft(db: Db, companyId: string, id: string, version: number, set: Partial<typeof prescriptions.$inferInsert>): Promise<boolean> {
  const rows = await db.update(prescriptions).set({ ...set, version: nextVersion(prescriptions.version), updatedAt: sql`now()` })
    .where(and(eq(prescriptions.companyId, companyId), eq(prescriptions.id, id), eq(prescriptions.version, version), eq(prescriptions.status, 'draft')))
    .returning({ id: prescriptions.id });
  return rows.length > 0;
}

export async function markIssued(db: Db, companyId: string, id: string, version: number, at: Date, validUntil: string, acks: StoredAcknowledgement[]): Promise<boolean> {
  return updateDraft(db, companyId, id, version, { status: 'issued', issuedAt: at, validUntil, acknowledgements: acks });
}

export async function markCancelled(db: Db, companyId: string, id: string, version: number, by: string, reason: string, at: Date): Promise<boolean> {
  const rows = await db.update(prescriptions)
    .set({ status: 'cancelled', cancelledAt: at, cancelledBy: by, cancelReason: reason, version: nextVersion(prescriptions.version), updatedAt: sql`now()` })
    .where(and(eq(prescriptions.companyId, companyId), eq(prescriptions.id, id), eq(prescriptions.version, version), eq(prescriptions.status, 'issued')))
    .returning({ id: prescriptions.id });
  return rows.length > 0;
}

/** The items of an issued prescription join the patient's current medications (source: prescription). */
export async function addToMedicationList(db: Db, rows: PatientMedicationInsert[]): Promise<void> {
  if (rows.length) await db.insert(patientMedications).values(rows);
}

/** Stops the patient's entries from a cancelled prescription that are still active; answers their ids. */
export async function stopListedMedications(db: Db, companyId: string, prescriptionId: string, by: string, reason: string, at: Date, today: string): Promise<string[]> {
  const rows = await db.update(patientMedications).set({
    status: 'stopped', statusReason: reason, statusChangedBy: by, statusChangedAt: at,
    endDate: sql`least(coalesce(${patientMedications.endDate}, ${today}::date), greatest(${today}::date, ${patientMedications.startDate}))`,
    version: nextVersion(patientMedications.version), updatedAt: sql`now()`,
  }).where(and(eq(patientMedications.companyId, companyId), eq(patientMedications.prescriptionId, prescriptionId), eq(patientMedications.status, 'active')))
    .returning({ id: patientMedications.id });
  return rows.map((r) => r.id);
}

const listColumns = {
  p: prescriptions,
  patientName: patients.name,
  patientPublicId: patients.publicId,
  patientDob: patients.dateOfBirth,
  prescriberName: employees.name,
  licenseNumber: employees.medicalLicenseNumber,
  clinicName: clinics.name,
};

function detailQuery(db: Db) {
  return db.select(listColumns).from(prescriptions)
    .innerJoin(patients, and(eq(patients.companyId, prescriptions.companyId), eq(patients.id, prescriptions.patientId)))
    .innerJoin(employees, and(eq(employees.companyId, prescriptions.companyId), eq(employees.id, prescriptions.prescriberId)))
    .innerJoin(clinics, and(eq(clinics.companyId, prescriptions.companyId), eq(clinics.id, prescriptions.clinicId)));
}
export type DetailRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['execute']>>[number];

export async function findPrescription(db: Db, companyId: string, id: string): Promise<DetailRow | null> {
  const [row] = await detailQuery(db).where(and(eq(prescriptions.companyId, companyId), eq(prescriptions.id, id))).limit(1);
  return row ?? null;
}

/**
 * A list's columns as `viewerId` may see them: a prescription written at another doctor's sensitive encounter comes
 * flagged `restricted`, without its cancel reason and acknowledgements (their texts name the drugs); its items are
 * not read at all (see listPrescriptions).
 */
function shownColumns(viewerId: string) {
  const p = prescriptions;
  const masked = maskedFor(viewerId);
  return {
    ...listColumns,
    p: {
      ...getTableColumns(p),
      cancelReason: sql<string>`case when ${masked} then '' else ${p.cancelReason} end`,
      acknowledgements: sql`case when ${masked} then '[]'::jsonb else ${p.acknowledgements} end`.mapWith(p.acknowledgements),
    },
    restricted: masked,
  };
}

/** A patient's prescriptions (latest first) as `viewerId` may see them (see shownColumns). */
export async function findPrescriptionPage(db: Db, companyId: string, patientId: string, q: PrescriptionListQuery, viewerId: string) {
  const where = and(
    eq(prescriptions.companyId, companyId), eq(prescriptions.patientId, patientId),
    q.encounterId ? eq(prescriptions.encounterId, q.encounterId) : undefined,
    q.issuedOnly ? ne(prescriptions.status, 'draft') : undefined,
  );
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    db.select(shownColumns(viewerId)).from(prescriptions)
      .innerJoin(patients, and(eq(patients.companyId, prescriptions.companyId), eq(patients.id, prescriptions.patientId)))
      .innerJoin(employees, and(eq(employees.companyId, prescriptions.companyId), eq(employees.id, prescriptions.prescriberId)))
      .innerJoin(clinics, and(eq(clinics.companyId, prescriptions.companyId), eq(clinics.id, prescriptions.clinicId)))
      .leftJoin(sensitiveEncounter, joinOn.encounter(prescriptions.companyId, prescriptions.encounterId))
      .leftJoin(sensitiveNote, joinOn.note(prescriptions.companyId, prescriptions.encounterId))
      .where(where).orderBy(desc(prescriptions.createdAt), asc(prescriptions.id)).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(prescriptions).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export function findItems(db: Db, companyId: string, prescriptionIds: string[]) {
  if (!prescriptionIds.length) return Promise.resolve([] as ItemRow[]);
  return db.select().from(prescriptionItems)
    .where(and(eq(prescriptionItems.companyId, companyId), inArray(prescriptionItems.prescriptionId, prescriptionIds)))
    .orderBy(asc(prescriptionItems.prescriptionId), asc(prescriptionItems.position));
}

/** The public look-up: an issued (or cancelled after issue) prescription by its token, with its clinic's name only. */
export async function findByToken(db: Db, token: string) {
  const [row] = await db.select({
    status: prescriptions.status, issuedAt: prescriptions.issuedAt, validUntil: prescriptions.validUntil, clinicName: clinics.name,
    timeZone: sql<string>`(select time_zone from companies c where c.id = ${prescriptions.companyId})`,
  }).from(prescriptions)
    .innerJoin(clinics, and(eq(clinics.companyId, prescriptions.companyId), eq(clinics.id, prescriptions.clinicId)))
    .where(and(eq(prescriptions.verificationToken, token), isNotNull(prescriptions.issuedAt))).limit(1);
  return row ?? null;
}

/** Of these medications on patients' lists (a page's worth), those recorded at an encounter masked for `viewerId`. */
export async function findMaskedMedications(db: Db, companyId: string, ids: string[], viewerId: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: patientMedications.id }).from(patientMedications)
    .innerJoin(sensitiveEncounter, joinOn.encounter(patientMedications.companyId, patientMedications.encounterId))
    .innerJoin(sensitiveNote, joinOn.note(patientMedications.companyId, patientMedications.encounterId))
    .where(and(eq(patientMedications.companyId, companyId), inArray(patientMedications.id, ids), maskedFor(viewerId)));
  return new Set(rows.map((r) => r.id));
}
