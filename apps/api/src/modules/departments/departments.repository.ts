/** Every query of the departments area. All of them are scoped by company. */
import { and, count, eq, sql } from 'drizzle-orm';
import { pageWindow, type DepartmentListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clinics, departments, employees } from '../../db/schema/index.js';
import { listFilters, namedListSorts, orderBy } from '../../lib/list.js';
import { nextVersion } from '../../lib/versioning.js';

export type DepartmentRow = typeof departments.$inferSelect;
export type DepartmentColumns = Omit<typeof departments.$inferInsert, 'companyId' | 'publicId'>;

// Written out in full: inside the subquery an unqualified column would name the clinic's own.
const clinicCountSql = sql<number>`(select count(*)::int from clinics c where c.company_id = "departments"."company_id" and c.department_id = "departments"."id")`;

const sortColumns = {
  ...namedListSorts(departments),
} as const;

/** One page of the company's departments, each with its number of clinics, and the total of the filter. */
export async function findDepartmentPage(db: Db, companyId: string, q: DepartmentListQuery) {
  const where = listFilters(departments.companyId, companyId, q, { searchIn: [departments.name, departments.publicId], isActive: departments.isActive });
  if (q.clinicCollectionId) where.push(eq(departments.clinicCollectionId, q.clinicCollectionId));
  const filter = and(...where);
  const w = pageWindow(q);
  const order = q.sortBy === 'clinicCount' ? orderBy([clinicCountSql as never, departments.id], q.order) : orderBy([...sortColumns[q.sortBy]], q.order);
  const [rows, totals] = await Promise.all([
    db.select({ row: departments, clinicCount: clinicCountSql }).from(departments).where(filter).orderBy(...order).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(departments).where(filter),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findDepartmentRow(db: Db, companyId: string, id: string): Promise<DepartmentRow | null> {
  const [row] = await db.select().from(departments).where(and(eq(departments.companyId, companyId), eq(departments.id, id))).limit(1);
  return row ?? null;
}

/** `{ _id, name, publicId }` of the department's clinics, by name. */
export function departmentClinicRefs(db: Db, companyId: string, departmentId: string) {
  return db.select({ _id: clinics.id, name: clinics.name, publicId: clinics.publicId }).from(clinics)
    .where(and(eq(clinics.companyId, companyId), eq(clinics.departmentId, departmentId))).orderBy(clinics.name);
}

/** Inserts a department and answers its id. */
export async function insertDepartment(db: Db, companyId: string, publicId: string, columns: DepartmentColumns): Promise<string> {
  const [row] = await db.insert(departments).values({ companyId, publicId, ...columns }).returning({ id: departments.id });
  return row!.id;
}

/** Replaces the department's columns only while it is at `version` (raising it); false when no row matched. */
export async function updateDepartmentAtVersion(db: Db, companyId: string, id: string, version: number, columns: DepartmentColumns): Promise<boolean> {
  const [updated] = await db.update(departments).set({ ...columns, updatedAt: new Date(), version: nextVersion(departments.version) })
    .where(and(eq(departments.companyId, companyId), eq(departments.id, id), eq(departments.version, version))).returning({ id: departments.id });
  return Boolean(updated);
}

/** Moves the department's clinics into its complex, as a change to each of them (their open forms become stale). */
export async function moveDepartmentClinics(db: Db, companyId: string, departmentId: string, clinicCollectionId: string | null) {
  await db.update(clinics).set({ clinicCollectionId, updatedAt: new Date(), version: nextVersion(clinics.version) })
    .where(and(eq(clinics.companyId, companyId), eq(clinics.departmentId, departmentId)));
}

/** What still belongs to the department: its clinics and the staff placed in it. */
export async function departmentDependents(db: Db, companyId: string, id: string) {
  const [[clinicCount], [staffCount]] = await Promise.all([
    db.select({ n: count() }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.departmentId, id))),
    db.select({ n: count() }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.departmentId, id))),
  ]);
  return { clinics: clinicCount?.n ?? 0, staff: staffCount?.n ?? 0 };
}

export async function deleteDepartmentRow(db: Db, companyId: string, id: string) {
  await db.delete(departments).where(and(eq(departments.companyId, companyId), eq(departments.id, id)));
}
