import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  pageWindow, type DepartmentListItem, type DepartmentListQuery, type DepartmentRecord, type DepartmentUpdateValues, type DepartmentValues,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clinics, departments, employees } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { likePattern, orderBy } from '../../lib/list.js';
import { nextPublicId } from '../../lib/public-id.js';
import { assertVersion, nextVersion, staleOrMissing } from '../../lib/versioning.js';
import {
  assertEmployee, assertNoDependents, assertPlanAllows, complexRefs, employeeRefs, findComplex,
  inOrganisationTransaction, organisationPatientCount, organisationPeople,
} from '../organisation/org-support.js';

type Row = typeof departments.$inferSelect;

interface DepartmentDetails {
  introduction?: string | null;
  vision?: string | null;
  details?: string | null;
  logo?: string | null;
}

export function departmentColumns(input: DepartmentValues) {
  const details: DepartmentDetails = { introduction: input.introduction, vision: input.vision, details: input.details, logo: input.logo };
  return {
    name: input.name,
    picId: input.PIC,
    isActive: input.isActive,
    clinicCollectionId: input.clinicCollectionId,
    address: input.address,
    yearOfEstablishment: input.yearOfEstablishment,
    patientCapacity: input.patientCapacity,
    contactInfos: input.contactInfos,
    location: input.locationGoogl,
    details,
  };
}

// Written out in full: inside the subquery an unqualified column would name the clinic's own.
const clinicCountSql = sql<number>`(select count(*)::int from clinics c where c.company_id = "departments"."company_id" and c.department_id = "departments"."id")`;

const sortColumns = {
  _id: [departments.createdAt, departments.id],
  publicId: [departments.publicId],
  name: [departments.name, departments.id],
  isActive: [departments.isActive, departments.id],
  createdAt: [departments.createdAt, departments.id],
} as const;

function listItem(row: Row, refs: { pic: DepartmentListItem['PIC']; complex: DepartmentListItem['clinicCollection'] }, clinicCount: number): DepartmentListItem {
  return {
    _id: row.id,
    publicId: row.publicId,
    name: row.name,
    isActive: row.isActive,
    PIC: refs.pic,
    clinicCollection: refs.complex,
    clinicCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDepartments(deps: Deps, caller: Caller, q: DepartmentListQuery) {
  const where: SQL[] = [eq(departments.companyId, caller.companyId)];
  if (q.search) {
    const p = likePattern(q.search);
    where.push(or(ilike(departments.name, p), ilike(departments.publicId, p))!);
  }
  const isActive = q.isActive ?? (typeof q.filter_fields?.isActive === 'boolean' ? q.filter_fields.isActive : undefined);
  if (isActive !== undefined) where.push(eq(departments.isActive, isActive));
  if (q.clinicCollectionId) where.push(eq(departments.clinicCollectionId, q.clinicCollectionId));
  const filter = and(...where);
  const w = pageWindow(q);
  const order = q.sortBy === 'clinicCount' ? orderBy([clinicCountSql as never, departments.id], q.order) : orderBy([...sortColumns[q.sortBy]], q.order);
  const [rows, totals] = await Promise.all([
    deps.db.select({ row: departments, clinicCount: clinicCountSql }).from(departments).where(filter).orderBy(...order).limit(w.limit).offset(w.offset),
    deps.db.select({ n: count() }).from(departments).where(filter),
  ]);
  const [pics, complexes] = await Promise.all([
    employeeRefs(deps.db, caller.companyId, rows.map((r) => r.row.picId)),
    complexRefs(deps.db, caller.companyId, rows.map((r) => r.row.clinicCollectionId)),
  ]);
  const data = rows.map(({ row, clinicCount }) =>
    listItem(row, { pic: row.picId ? pics.get(row.picId) ?? null : null, complex: row.clinicCollectionId ? complexes.get(row.clinicCollectionId) ?? null : null }, Number(clinicCount)),
  );
  return { data, total: totals[0]?.n ?? 0 };
}

async function findRow(db: Db, companyId: string, id: string) {
  const [row] = await db.select().from(departments).where(and(eq(departments.companyId, companyId), eq(departments.id, id))).limit(1);
  return row ?? null;
}

export async function getDepartment(deps: Deps, caller: Caller, id: string): Promise<DepartmentRecord> {
  const db = deps.db;
  const c = caller.companyId;
  const row = await findRow(db, c, id);
  if (!row) throw notFound();
  const [pics, complexes, clinicRows, people, patientCount] = await Promise.all([
    employeeRefs(db, c, [row.picId]),
    complexRefs(db, c, [row.clinicCollectionId]),
    db.select({ _id: clinics.id, name: clinics.name, publicId: clinics.publicId }).from(clinics)
      .where(and(eq(clinics.companyId, c), eq(clinics.departmentId, id))).orderBy(clinics.name),
    organisationPeople(db, c, { kind: 'department', id }),
    organisationPatientCount(db, c, { kind: 'department', id }),
  ]);
  const d = row.details as DepartmentDetails;
  return {
    ...listItem(row, { pic: row.picId ? pics.get(row.picId) ?? null : null, complex: row.clinicCollectionId ? complexes.get(row.clinicCollectionId) ?? null : null }, clinicRows.length),
    clinicCollectionId: row.clinicCollectionId,
    introduction: d.introduction ?? null,
    yearOfEstablishment: row.yearOfEstablishment,
    address: row.address,
    vision: d.vision ?? null,
    details: d.details ?? null,
    logo: d.logo ?? null,
    patientCapacity: row.patientCapacity,
    contactInfos: row.contactInfos as DepartmentRecord['contactInfos'],
    locationGoogl: (row.location ?? null) as DepartmentRecord['locationGoogl'],
    patientCount,
    clinics: clinicRows,
    staff: people.map((p) => ({ _id: p.id, name: p.name, publicId: p.public_id, employeeType: p.employee_type, isActive: p.is_active })),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

async function assertComplex(db: Db, companyId: string, id: string | null) {
  if (id && !(await findComplex(db, companyId, id))) throw validationFailed({ clinicCollectionId: 'validation.org.complexNotFound' });
}

export async function createDepartment(deps: Deps, req: FastifyRequest, caller: Caller, input: DepartmentValues) {
  const id = await inOrganisationTransaction(deps.db, caller.companyId, async (tx) => {
    await assertPlanAllows(tx, req, caller, 'department');
    await assertEmployee(tx, caller.companyId, input.PIC);
    await assertComplex(tx, caller.companyId, input.clinicCollectionId);
    const publicId = await nextPublicId(tx, caller.companyId, 'department', 'DEP');
    const [row] = await tx.insert(departments).values({ companyId: caller.companyId, publicId, ...departmentColumns(input) }).returning({ id: departments.id });
    return row!.id;
  });
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'department', entityId: id, changes: { after: input } });
  return getDepartment(deps, caller, id);
}

/** Replaces the department's form fields, only while it is at the version the form loaded (409 STALE_RECORD otherwise). */
export async function updateDepartment(deps: Deps, req: FastifyRequest, caller: Caller, id: string, { version, ...input }: DepartmentUpdateValues) {
  const c = caller.companyId;
  const changes = await inOrganisationTransaction(deps.db, c, async (tx) => {
    const current = await findRow(tx, c, id);
    if (!current) throw notFound();
    assertVersion(current, version);
    await assertEmployee(tx, c, input.PIC);
    await assertComplex(tx, c, input.clinicCollectionId);
    const columns = departmentColumns(input);
    const [updated] = await tx.update(departments).set({ ...columns, updatedAt: new Date(), version: nextVersion(departments.version) })
      .where(and(eq(departments.companyId, c), eq(departments.id, id), eq(departments.version, version))).returning({ id: departments.id });
    if (!updated) return staleOrMissing(async () => Boolean(await findRow(tx, c, id)));
    // Its clinics follow the department into its (new) complex: a change to them too, so their open forms are stale.
    if (current.clinicCollectionId !== input.clinicCollectionId) {
      await tx.update(clinics).set({ clinicCollectionId: input.clinicCollectionId, updatedAt: new Date(), version: nextVersion(clinics.version) })
        .where(and(eq(clinics.companyId, c), eq(clinics.departmentId, id)));
    }
    return changedFields(current as unknown as Record<string, unknown>, columns);
  });
  await recordAudit(deps.db, req, { companyId: c, actorId: caller.id, action: 'update', entity: 'department', entityId: id, changes });
  return getDepartment(deps, caller, id);
}

/** Refused (409) while clinics or staff still belong to the department; all or nothing. */
export async function deleteDepartment(deps: Deps, req: FastifyRequest, caller: Caller, id: string) {
  const c = caller.companyId;
  const removed = await inOrganisationTransaction(deps.db, c, async (tx) => {
    const current = await findRow(tx, c, id);
    if (!current) throw notFound();
    const [[clinicCount], [staffCount]] = await Promise.all([
      tx.select({ n: count() }).from(clinics).where(and(eq(clinics.companyId, c), eq(clinics.departmentId, id))),
      tx.select({ n: count() }).from(employees).where(and(eq(employees.companyId, c), eq(employees.departmentId, id))),
    ]);
    assertNoDependents(req, { clinics: clinicCount?.n ?? 0, staff: staffCount?.n ?? 0 });
    await tx.delete(departments).where(and(eq(departments.companyId, c), eq(departments.id, id)));
    return current;
  });
  await recordAudit(deps.db, req, { companyId: c, actorId: caller.id, action: 'delete', entity: 'department', entityId: id, changes: { before: { publicId: removed.publicId, name: removed.name } } });
}
