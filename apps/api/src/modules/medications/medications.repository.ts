/** Every query of the medications area. All of them are scoped by company. */
import { aliasedTable, and, asc, count, desc, eq, getTableColumns, like, not, sql } from 'drizzle-orm';
import { normaliseArabic, pageWindow, type MedicationListQuery, type PatientMedicationListQuery } from '@clinic/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { employees, medications, patientMedications, patients } from '../../db/schema/index.js';
import { likePattern } from '../../lib/list.js';
import { rowsOf } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioning.js';
import { blankIfMasked, joinOn, maskedFor, sensitiveEncounter, sensitiveNote, unlessMasked } from '../encounters/index.js';
import type { CsvDrug } from './catalogue-csv.js';

export type MedicationRow = typeof medications.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// The catalogue

/** One page of the catalogue: the search looks in every name (Arabic letters folded), active drugs by default first. */
export async function findMedicationPage(db: Db, companyId: string, q: MedicationListQuery) {
  const where = [eq(medications.companyId, companyId)];
  const search = q.search ? normaliseArabic(q.search) : '';
  if (search) where.push(like(medications.searchText, likePattern(search)));
  if (q.isActive !== undefined) where.push(eq(medications.isActive, q.isActive));
  const filter = and(...where);
  const w = pageWindow(q);
  const dir = q.order === 'asc' ? asc : desc;
  const order = q.sortBy === 'createdAt' ? [dir(medications.createdAt), asc(medications.id)] : [dir(medications.name), asc(medications.strength), asc(medications.id)];
  const [rows, totals] = await Promise.all([
    db.select().from(medications).where(filter).orderBy(...order).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(medications).where(filter),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findMedication(db: Db, companyId: string, id: string): Promise<MedicationRow | null> {
  const [row] = await db.select().from(medications).where(and(eq(medications.companyId, companyId), eq(medications.id, id))).limit(1);
  return row ?? null;
}

/**
 * Adds the file's drugs and updates those already in the catalogue (same name, form and strength), bringing them back
 * into use; answers how many were added. One statement per chunk, inside the caller's transaction.
 */
export async function upsertMedications(db: Db, companyId: string, drugs: CsvDrug[]): Promise<number> {
  let created = 0;
  for (let i = 0; i < drugs.length; i += 500) {
    const chunk = drugs.slice(i, i + 500).map((d) => ({
      companyId, name: d.name, genericName: d.genericName, form: d.form, strength: d.strength, nameAr: d.nameAr, isActive: true, ...d.keys,
    }));
    const rows = await db.insert(medications).values(chunk).onConflictDoUpdate({
      target: [medications.companyId, medications.matchKey],
      set: {
        name: sql`excluded.name`, genericName: sql`excluded.generic_name`, form: sql`excluded.form`, strength: sql`excluded.strength`,
        nameAr: sql`excluded.name_ar`, isActive: sql`true`, nameKey: sql`excluded.name_key`, genericKey: sql`excluded.generic_key`,
        searchText: sql`excluded.search_text`, version: nextVersion(medications.version), updatedAt: sql`now()`,
      },
    }).returning({ created: sql<boolean>`(xmax = 0)` });
    created += rows.filter((r) => r.created).length;
  }
  return created;
}

export async function countMedications(db: Db, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(medications).where(eq(medications.companyId, companyId));
  return row?.n ?? 0;
}

/** Switches a drug in or out of use at the version the change is based on; null when no row matched. */
export async function setMedicationActiveAtVersion(db: Db, companyId: string, id: string, version: number, isActive: boolean) {
  const [row] = await db.update(medications)
    .set({ isActive, version: nextVersion(medications.version), updatedAt: sql`now()` })
    .where(and(eq(medications.companyId, companyId), eq(medications.id, id), eq(medications.version, version)))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// The patient's list

export async function patientExists(db: Db, companyId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.companyId, companyId), eq(patients.id, id))).limit(1);
  return Boolean(row);
}

const creator = aliasedTable(employees, 'creator');
const changer = aliasedTable(employees, 'changer');

/**
 * The entries as `viewerId` may see them: one recorded at another doctor's sensitive encounter comes flagged
 * `restricted`, without its drug (catalogue id, names, strength, form: the catalogue is joined only where not masked),
 * dose, notes and reason; the normalised names the safety checks compare are never selected here.
 */
function entryQuery(db: Db, viewerId: string) {
  const m = patientMedications;
  const { nameKey: _nameKey, genericKey: _genericKey, ...shown } = getTableColumns(m);
  const masked = maskedFor(viewerId);
  const blank = (column: AnyPgColumn) => blankIfMasked(column, viewerId);
  return db.select({
    entry: {
      ...shown, medicationId: unlessMasked<string>(m.medicationId, viewerId), name: blank(m.name), genericName: blank(m.genericName),
      strength: blank(m.strength), form: blank(m.form), dose: unlessMasked<string>(m.dose, viewerId), unit: unlessMasked<string>(m.unit, viewerId),
      notes: blank(m.notes), statusReason: blank(m.statusReason),
    },
    creatorName: creator.name,
    changerName: changer.name,
    /** The catalogue drug's Arabic name ('' when it has none, or the entry is not from the catalogue). */
    nameAr: sql<string>`coalesce(${medications.nameAr}, '')`,
    restricted: masked,
  }).from(m)
    .leftJoin(sensitiveEncounter, joinOn.encounter(m.companyId, m.encounterId))
    .leftJoin(sensitiveNote, joinOn.note(m.companyId, m.encounterId))
    .leftJoin(medications, and(eq(medications.companyId, m.companyId), eq(medications.id, m.medicationId), not(masked)))
    .leftJoin(creator, and(eq(creator.companyId, m.companyId), eq(creator.id, m.createdBy)))
    .leftJoin(changer, and(eq(changer.companyId, m.companyId), eq(changer.id, m.statusChangedBy)));
}
export type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>['execute']>>[number];

/** A patient's medications, active first, then the most recently started, as `viewerId` may see them (see entryQuery). */
export async function findPatientMedicationPage(db: Db, companyId: string, patientId: string, q: PatientMedicationListQuery, viewerId: string) {
  const where = and(
    eq(patientMedications.companyId, companyId),
    eq(patientMedications.patientId, patientId),
    q.activeOnly ? eq(patientMedications.status, 'active') : undefined,
  );
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    entryQuery(db, viewerId).where(where)
      .orderBy(sql`(${patientMedications.status} = 'active') desc`, desc(patientMedications.startDate), desc(patientMedications.createdAt), asc(patientMedications.id))
      .limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(patientMedications).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findPatientMedication(db: Db, companyId: string, id: string, viewerId: string): Promise<EntryRow | null> {
  const [row] = await entryQuery(db, viewerId).where(and(eq(patientMedications.companyId, companyId), eq(patientMedications.id, id))).limit(1);
  return row ?? null;
}

export async function insertPatientMedication(db: Db, values: typeof patientMedications.$inferInsert): Promise<string> {
  const [row] = await db.insert(patientMedications).values(values).returning({ id: patientMedications.id });
  return row!.id;
}

/**
 * Stops or completes an entry in one statement that re-checks it is still active and at the version the change is
 * based on; answers its patient, or null when nothing matched.
 */
export async function closePatientMedication(
  db: Db, companyId: string, id: string,
  change: { status: 'stopped' | 'completed'; reason: string; by: string; version: number; today: string },
): Promise<{ patientId: string } | null> {
  const rows = rowsOf<{ patient_id: string }>(await db.execute(sql`
    update ${patientMedications}
       set status = ${change.status}, status_reason = ${change.reason}, status_changed_by = ${change.by}, status_changed_at = now(),
           end_date = case when end_date is null or end_date > ${change.today}::date then greatest(${change.today}::date, start_date) else end_date end,
           version = version + 1, updated_at = now()
     where company_id = ${companyId} and id = ${id} and status = 'active' and version = ${change.version}
     returning patient_id`));
  return rows[0] ? { patientId: rows[0].patient_id } : null;
}
