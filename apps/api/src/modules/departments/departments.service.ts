import type { DepartmentListItem, DepartmentListQuery, DepartmentRecord, DepartmentUpdateValues, DepartmentValues } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { nextPublicId } from '../../lib/public-id.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import { inOrganisationTransaction } from '../../lib/transaction.js';
import { assertEmployee, assertNoDependents, assertPlanAllows, complexRefs, employeeRefs, findComplex, organisationPatientCount, organisationEmployees } from '../organisation/index.js';
import {
  deleteDepartmentRow, departmentClinicRefs, departmentDependents, findDepartmentPage, findDepartmentRow, insertDepartment,
  moveDepartmentClinics, updateDepartmentAtVersion, type DepartmentRow,
} from './departments.repository.js';

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

function listItem(row: DepartmentRow, refs: { pic: DepartmentListItem['PIC']; complex: DepartmentListItem['clinicCollection'] }, clinicCount: number): DepartmentListItem {
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
  const { rows, total } = await findDepartmentPage(deps.db, caller.companyId, q);
  const [pics, complexes] = await Promise.all([
    employeeRefs(deps.db, caller.companyId, rows.map((r) => r.row.picId)),
    complexRefs(deps.db, caller.companyId, rows.map((r) => r.row.clinicCollectionId)),
  ]);
  const data = rows.map(({ row, clinicCount }) =>
    listItem(row, { pic: row.picId ? pics.get(row.picId) ?? null : null, complex: row.clinicCollectionId ? complexes.get(row.clinicCollectionId) ?? null : null }, Number(clinicCount)),
  );
  return { data, total };
}

export async function getDepartment(deps: Deps, caller: Caller, id: string): Promise<DepartmentRecord> {
  const db = deps.db;
  const c = caller.companyId;
  const row = await findDepartmentRow(db, c, id);
  if (!row) throw notFound();
  const [pics, complexes, clinicRows, people, patientCount] = await Promise.all([
    employeeRefs(db, c, [row.picId]),
    complexRefs(db, c, [row.clinicCollectionId]),
    departmentClinicRefs(db, c, id),
    organisationEmployees(db, c, { kind: 'department', id }),
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

export async function createDepartment(deps: Deps, ctx: RequestContext, caller: Caller, input: DepartmentValues) {
  const id = await inOrganisationTransaction(deps.db, caller.companyId, async (tx) => {
    await assertPlanAllows(tx, ctx, caller, 'department');
    await assertEmployee(tx, caller.companyId, input.PIC);
    await assertComplex(tx, caller.companyId, input.clinicCollectionId);
    const publicId = await nextPublicId(tx, caller.companyId, 'department', 'DEP');
    const id = await insertDepartment(tx, caller.companyId, publicId, departmentColumns(input));
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'department', entityId: id, changes: { after: input } });
    return id;
  });
  return getDepartment(deps, caller, id);
}

/** Replaces the department's form fields, only while it is at the version the form loaded (409 STALE_RECORD otherwise). */
export async function updateDepartment(deps: Deps, ctx: RequestContext, caller: Caller, id: string, { version, ...input }: DepartmentUpdateValues) {
  const c = caller.companyId;
  await inOrganisationTransaction(deps.db, c, async (tx) => {
    const current = await findDepartmentRow(tx, c, id);
    if (!current) throw notFound();
    assertVersion(current, version);
    await assertEmployee(tx, c, input.PIC);
    await assertComplex(tx, c, input.clinicCollectionId);
    const columns = departmentColumns(input);
    if (!(await updateDepartmentAtVersion(tx, c, id, version, columns))) return staleOrMissing(async () => Boolean(await findDepartmentRow(tx, c, id)));
    // Its clinics follow the department into its (new) complex: a change to them too, so their open forms are stale.
    if (current.clinicCollectionId !== input.clinicCollectionId) {
      await moveDepartmentClinics(tx, c, id, input.clinicCollectionId);
    }
    const changes = changedFields(current as unknown as Record<string, unknown>, columns);
    await recordAudit(tx, ctx, { companyId: c, actorId: caller.id, action: 'update', entity: 'department', entityId: id, changes });
    return changes;
  });
  return getDepartment(deps, caller, id);
}

/** Refused (409) while clinics or staff still belong to the department; all or nothing. */
export async function deleteDepartment(deps: Deps, ctx: RequestContext, caller: Caller, id: string) {
  const c = caller.companyId;
  await inOrganisationTransaction(deps.db, c, async (tx) => {
    const current = await findDepartmentRow(tx, c, id);
    if (!current) throw notFound();
    assertNoDependents(ctx, await departmentDependents(tx, c, id));
    await deleteDepartmentRow(tx, c, id);
    await recordAudit(tx, ctx, { companyId: c, actorId: caller.id, action: 'delete', entity: 'department', entityId: id, changes: { before: { publicId: current.publicId, name: current.name } } });
    return current;
  });
}
