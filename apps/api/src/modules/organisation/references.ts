import { and, eq, inArray } from 'drizzle-orm';
import type { Ref } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clinicCollections, departments, employees, specializations } from '../../db/schema/index.js';
import { validationFailed } from '../../lib/errors.js';

/** Checking and loading the records an organisation record refers to (its person in charge, complex, department). */

/** The person in charge must be an employee of the caller's company. */
export async function assertEmployee(db: Db, companyId: string, employeeId: string, field = 'PIC') {
  const [row] = await db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId))).limit(1);
  if (!row) throw validationFailed({ [field]: 'validation.org.picNotFound' });
}

export async function assertSpecializations(db: Db, companyId: string, ids: readonly string[], field = 'specializations') {
  if (!ids.length) return;
  const unique = [...new Set(ids)];
  const rows = await db.select({ id: specializations.id }).from(specializations).where(and(eq(specializations.companyId, companyId), inArray(specializations.id, unique)));
  if (rows.length !== unique.length) throw validationFailed({ [field]: 'validation.org.specializationNotFound' });
}

export async function findComplex(db: Db, companyId: string, id: string) {
  const [row] = await db.select({ id: clinicCollections.id, name: clinicCollections.name }).from(clinicCollections)
    .where(and(eq(clinicCollections.companyId, companyId), eq(clinicCollections.id, id))).limit(1);
  return row ?? null;
}

export async function findDepartment(db: Db, companyId: string, id: string) {
  const [row] = await db.select({ id: departments.id, clinicCollectionId: departments.clinicCollectionId }).from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.id, id))).limit(1);
  return row ?? null;
}

/** `{ _id, name }` of employees by id, in one query. */
export async function employeeRefs(db: Db, companyId: string, ids: ReadonlyArray<string | null>): Promise<Map<string, Ref>> {
  const wanted = [...new Set(ids.filter((v): v is string => Boolean(v)))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: employees.id, name: employees.name, publicId: employees.publicId }).from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, wanted)));
  return new Map(rows.map((r) => [r.id, { _id: r.id, name: r.name, publicId: r.publicId }]));
}

export async function complexRefs(db: Db, companyId: string, ids: ReadonlyArray<string | null>): Promise<Map<string, Ref>> {
  const wanted = [...new Set(ids.filter((v): v is string => Boolean(v)))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: clinicCollections.id, name: clinicCollections.name, publicId: clinicCollections.publicId }).from(clinicCollections)
    .where(and(eq(clinicCollections.companyId, companyId), inArray(clinicCollections.id, wanted)));
  return new Map(rows.map((r) => [r.id, { _id: r.id, name: r.name, publicId: r.publicId }]));
}

export async function departmentRefs(db: Db, companyId: string, ids: ReadonlyArray<string | null>): Promise<Map<string, Ref>> {
  const wanted = [...new Set(ids.filter((v): v is string => Boolean(v)))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: departments.id, name: departments.name, publicId: departments.publicId }).from(departments)
    .where(and(eq(departments.companyId, companyId), inArray(departments.id, wanted)));
  return new Map(rows.map((r) => [r.id, { _id: r.id, name: r.name, publicId: r.publicId }]));
}
