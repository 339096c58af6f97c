/** Every query of the medical complexes area. All of them are scoped by company. */
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { pageWindow, type ComplexListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  clinicCollectionSpecializations, clinicCollections, clinics, departments, employees, specializations,
} from '../../db/schema/index.js';
import { listFilters, namedListSorts, orderBy } from '../../lib/list.js';
import { nextVersion } from '../../lib/versioning.js';

export type ComplexRow = typeof clinicCollections.$inferSelect;
export type ComplexColumns = Omit<typeof clinicCollections.$inferInsert, 'companyId' | 'publicId'>;

const sortColumns = {
  ...namedListSorts(clinicCollections),
} as const;

/** One page of the company's complexes and the total of the filter. */
export async function findComplexPage(db: Db, companyId: string, q: ComplexListQuery) {
  const where = listFilters(clinicCollections.companyId, companyId, q, { searchIn: [clinicCollections.name, clinicCollections.publicId, clinicCollections.email, clinicCollections.phone, clinicCollections.country], isActive: clinicCollections.isActive });
  const filter = and(...where);
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    db.select().from(clinicCollections).where(filter).orderBy(...orderBy([...sortColumns[q.sortBy]], q.order)).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(clinicCollections).where(filter),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The number of clinics and departments of each complex. */
export async function countsByComplex(db: Db, companyId: string, ids: string[]) {
  if (!ids.length) return { clinicsBy: new Map<string, number>(), departmentsBy: new Map<string, number>() };
  const [clinicRows, departmentRows] = await Promise.all([
    db.select({ id: clinics.clinicCollectionId, n: count() }).from(clinics)
      .where(and(eq(clinics.companyId, companyId), inArray(clinics.clinicCollectionId, ids))).groupBy(clinics.clinicCollectionId),
    db.select({ id: departments.clinicCollectionId, n: count() }).from(departments)
      .where(and(eq(departments.companyId, companyId), inArray(departments.clinicCollectionId, ids))).groupBy(departments.clinicCollectionId),
  ]);
  return {
    clinicsBy: new Map(clinicRows.map((r) => [r.id ?? '', r.n])),
    departmentsBy: new Map(departmentRows.map((r) => [r.id ?? '', r.n])),
  };
}

export async function findComplexRow(db: Db, companyId: string, id: string): Promise<ComplexRow | null> {
  const [row] = await db.select().from(clinicCollections).where(and(eq(clinicCollections.companyId, companyId), eq(clinicCollections.id, id))).limit(1);
  return row ?? null;
}

export async function specializationIds(db: Db, companyId: string, id: string) {
  const rows = await db.select({ id: clinicCollectionSpecializations.specializationId }).from(clinicCollectionSpecializations)
    .where(and(eq(clinicCollectionSpecializations.companyId, companyId), eq(clinicCollectionSpecializations.clinicCollectionId, id)));
  return rows.map((r) => r.id).sort();
}

/** `{ _id, name, publicId }` of the complex's departments, by name. */
export function complexDepartmentRefs(db: Db, companyId: string, id: string) {
  return db.select({ _id: departments.id, name: departments.name, publicId: departments.publicId }).from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.clinicCollectionId, id))).orderBy(departments.name);
}

/** `{ _id, name, publicId }` of the complex's clinics, by name. */
export function complexClinicRefs(db: Db, companyId: string, id: string) {
  return db.select({ _id: clinics.id, name: clinics.name, publicId: clinics.publicId }).from(clinics)
    .where(and(eq(clinics.companyId, companyId), eq(clinics.clinicCollectionId, id))).orderBy(clinics.name);
}

/** The complex's own specialities and those of its clinics. */
export function complexSpecializationRefs(db: Db, companyId: string, id: string) {
  return db.selectDistinct({ _id: specializations.id, name: specializations.name, publicId: specializations.publicId }).from(specializations)
    .where(and(
      eq(specializations.companyId, companyId),
      or(
        sql`exists (select 1 from clinic_collection_specializations s where s.company_id = "specializations"."company_id" and s.specialization_id = "specializations"."id" and s.clinic_collection_id = ${id})`,
        sql`exists (select 1 from clinic_specializations s join clinics cl on cl.company_id = s.company_id and cl.id = s.clinic_id
          where s.company_id = "specializations"."company_id" and s.specialization_id = "specializations"."id" and cl.clinic_collection_id = ${id})`,
      ),
    ))
    .orderBy(specializations.name);
}

/** Inserts a complex and answers its id. */
export async function insertComplex(db: Db, companyId: string, publicId: string, columns: ComplexColumns): Promise<string> {
  const [row] = await db.insert(clinicCollections).values({ companyId, publicId, ...columns }).returning({ id: clinicCollections.id });
  return row!.id;
}

/** Replaces the complex's columns only while it is at `version` (raising it); false when no row matched. */
export async function updateComplexAtVersion(db: Db, companyId: string, id: string, version: number, columns: ComplexColumns): Promise<boolean> {
  const [updated] = await db.update(clinicCollections).set({ ...columns, updatedAt: new Date(), version: nextVersion(clinicCollections.version) })
    .where(and(eq(clinicCollections.companyId, companyId), eq(clinicCollections.id, id), eq(clinicCollections.version, version)))
    .returning({ id: clinicCollections.id });
  return Boolean(updated);
}

export async function replaceSpecializations(db: Db, companyId: string, id: string, ids: readonly string[]) {
  await db.delete(clinicCollectionSpecializations).where(and(eq(clinicCollectionSpecializations.companyId, companyId), eq(clinicCollectionSpecializations.clinicCollectionId, id)));
  const unique = [...new Set(ids)];
  if (unique.length) {
    await db.insert(clinicCollectionSpecializations).values(unique.map((specializationId) => ({ companyId, clinicCollectionId: id, specializationId })));
  }
}

/** What still belongs to the complex: its departments, clinics and staff. */
export async function complexDependents(db: Db, companyId: string, id: string) {
  const [[departmentCount], [clinicCount], [staffCount]] = await Promise.all([
    db.select({ n: count() }).from(departments).where(and(eq(departments.companyId, companyId), eq(departments.clinicCollectionId, id))),
    db.select({ n: count() }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.clinicCollectionId, id))),
    db.select({ n: count() }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.clinicCollectionId, id))),
  ]);
  return { departments: departmentCount?.n ?? 0, clinics: clinicCount?.n ?? 0, staff: staffCount?.n ?? 0 };
}

export async function deleteComplexRow(db: Db, companyId: string, id: string) {
  await db.delete(clinicCollections).where(and(eq(clinicCollections.companyId, companyId), eq(clinicCollections.id, id)));
}
