/** Every query of the specialities area. All of them are scoped by company. */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { pageWindow, type Ref, type SpecializationListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clinics, clinicSpecializations, employees, employeeSpecializations, specializations, specializationStaff } from '../../db/schema/index.js';
import { listFilters, namedListSorts, orderBy } from '../../lib/list.js';
import { nextVersion } from '../../lib/versioning.js';

export type SpecializationRow = typeof specializations.$inferSelect;
export type SpecializationColumns = Omit<typeof specializations.$inferInsert, 'companyId' | 'publicId'>;

const sortColumns = {
  ...namedListSorts(specializations),
  updatedAt: [specializations.updatedAt, specializations.id],
} as const;

/** One page of the company's specialities and the total of the filter. */
export async function findSpecializationPage(db: Db, companyId: string, q: SpecializationListQuery) {
  const where = listFilters(specializations.companyId, companyId, q, { searchIn: [specializations.name, specializations.publicId, specializations.description], isActive: specializations.isActive });
  const filter = and(...where);
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    db.select().from(specializations).where(filter).orderBy(...orderBy([...sortColumns[q.sortBy]], q.order)).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(specializations).where(filter),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findSpecialization(db: Db, companyId: string, id: string): Promise<SpecializationRow | null> {
  const [row] = await db.select().from(specializations).where(and(eq(specializations.companyId, companyId), eq(specializations.id, id))).limit(1);
  return row ?? null;
}

function group(rows: Array<{ key: string; _id: string; name: string }>) {
  const map = new Map<string, Ref[]>();
  for (const r of rows) {
    const list = map.get(r.key) ?? [];
    list.push({ _id: r._id, name: r.name });
    map.set(r.key, list);
  }
  return map;
}

/** Required staff of several specialities in one query, by speciality id. */
export async function staffOf(db: Db, companyId: string, ids: string[]) {
  if (!ids.length) return new Map<string, Ref[]>();
  const rows = await db
    .select({ key: specializationStaff.specializationId, _id: employees.id, name: employees.name })
    .from(specializationStaff)
    .innerJoin(employees, and(eq(employees.companyId, specializationStaff.companyId), eq(employees.id, specializationStaff.employeeId)))
    .where(and(eq(specializationStaff.companyId, companyId), inArray(specializationStaff.specializationId, ids)))
    .orderBy(asc(employees.name));
  return group(rows);
}

/** The clinics offering the speciality, by name. */
export function specializationClinics(db: Db, companyId: string, id: string): Promise<Ref[]> {
  return db
    .select({ _id: clinics.id, name: clinics.name })
    .from(clinicSpecializations)
    .innerJoin(clinics, and(eq(clinics.companyId, clinicSpecializations.companyId), eq(clinics.id, clinicSpecializations.clinicId)))
    .where(and(eq(clinicSpecializations.companyId, companyId), eq(clinicSpecializations.specializationId, id)))
    .orderBy(asc(clinics.name));
}

/** The doctors practising the speciality, by name. */
export function specializationDoctors(db: Db, companyId: string, id: string): Promise<Ref[]> {
  return db
    .select({ _id: employees.id, name: employees.name })
    .from(employeeSpecializations)
    .innerJoin(employees, and(eq(employees.companyId, employeeSpecializations.companyId), eq(employees.id, employeeSpecializations.employeeId)))
    .where(and(eq(employeeSpecializations.companyId, companyId), eq(employeeSpecializations.specializationId, id), eq(employees.employeeType, 'Doctor')))
    .orderBy(asc(employees.name));
}

/** How many of `ids` are employees of the company. */
export async function employeeCount(db: Db, companyId: string, ids: string[]): Promise<number> {
  const found = await db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), inArray(employees.id, ids)));
  return found.length;
}

/** Inserts a speciality and answers its id. */
export async function insertSpecialization(db: Db, companyId: string, publicId: string, columns: SpecializationColumns): Promise<string> {
  const [row] = await db.insert(specializations).values({ companyId, publicId, ...columns }).returning({ id: specializations.id });
  if (!row) throw new Error('speciality insert returned nothing');
  return row.id;
}

/** Sets the columns given and raises the version, only while the speciality is at `version`; false when no row matched. */
export async function updateSpecializationAtVersion(
  db: Db, companyId: string, id: string, version: number, fields: Partial<SpecializationColumns>,
): Promise<boolean> {
  const [updated] = await db.update(specializations).set({ ...fields, updatedAt: new Date(), version: nextVersion(specializations.version) })
    .where(and(eq(specializations.companyId, companyId), eq(specializations.id, id), eq(specializations.version, version)))
    .returning({ id: specializations.id });
  return Boolean(updated);
}

export async function specializationExists(db: Db, companyId: string, id: string): Promise<boolean> {
  return (await db.select({ id: specializations.id }).from(specializations)
    .where(and(eq(specializations.companyId, companyId), eq(specializations.id, id)))).length > 0;
}

export async function insertRequiredStaff(db: Db, companyId: string, specializationId: string, staffIds: readonly string[]) {
  await db.insert(specializationStaff).values(staffIds.map((employeeId) => ({ companyId, specializationId, employeeId })));
}

export async function replaceRequiredStaff(db: Db, companyId: string, specializationId: string, staffIds: readonly string[]) {
  await db.delete(specializationStaff).where(and(eq(specializationStaff.companyId, companyId), eq(specializationStaff.specializationId, specializationId)));
  await insertRequiredStaff(db, companyId, specializationId, staffIds);
}

/** How many clinics and doctors use the speciality. */
export async function specializationUse(db: Db, companyId: string, id: string) {
  const [clinicUse, doctorUse] = await Promise.all([
    db.select({ n: count() }).from(clinicSpecializations).where(and(eq(clinicSpecializations.companyId, companyId), eq(clinicSpecializations.specializationId, id))),
    db.select({ n: count() }).from(employeeSpecializations).where(and(eq(employeeSpecializations.companyId, companyId), eq(employeeSpecializations.specializationId, id))),
  ]);
  return { clinics: Number(clinicUse[0]?.n ?? 0), doctors: Number(doctorUse[0]?.n ?? 0) };
}

/** Deletes the speciality; false when it was already gone. */
export async function deleteSpecializationRow(db: Db, companyId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(specializations).where(and(eq(specializations.companyId, companyId), eq(specializations.id, id))).returning({ id: specializations.id });
  return deleted.length > 0;
}
