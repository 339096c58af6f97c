import type { ClinicListItem, ClinicListQuery, ClinicRecord, ClinicUpdateValues, ClinicValues } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { nextPublicId } from '../../lib/public-id.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import { inOrganisationTransaction } from '../../lib/transaction.js';
import { assertEmployee, assertNoDependents, assertPlanAllows, assertSpecializations, findComplex, findDepartment, organisationPatientCount, organisationEmployees, splitEmployees } from '../organisation/index.js';
import { cashBoxesWithLedger } from '../billing/index.js';
import {
  clinicDependents, clinicServiceRefs, clinicSpecializationIds, companyTimeZone, deleteClinicRow, findClinic, findClinicPage, findClinicWithRefs,
  insertClinic, replaceClinicSpecializations, updateClinicAtVersion, type ClinicWithRefs,
} from './clinics.repository.js';

interface ClinicDetails {
  overview?: string | null;
  vision?: string | null;
  goals?: string | null;
  logo?: string | null;
  bankAccount?: ClinicRecord['bankAccount'];
  insuranceCompany?: ClinicRecord['insuranceCompany'];
  cashBoxes?: ClinicRecord['cashBoxes'];
  onlinePaymentMethods?: ClinicRecord['onlinePaymentMethods'];
  commercialRecord?: ClinicRecord['commercialRecord'];
}

export function clinicColumns(input: ClinicValues, placement: { departmentId: string | null; clinicCollectionId: string | null }, timeZone: string) {
  const details: ClinicDetails = {
    overview: input.overview,
    vision: input.vision,
    goals: input.goals,
    logo: input.logo,
    bankAccount: input.bankAccount,
    insuranceCompany: input.insuranceCompany,
    cashBoxes: input.cashBoxes,
    onlinePaymentMethods: input.onlinePaymentMethods,
    commercialRecord: input.commercialRecord,
  };
  return {
    name: input.name,
    picId: input.PIC,
    isActive: input.isActive,
    departmentId: placement.departmentId,
    clinicCollectionId: placement.clinicCollectionId,
    averageVisitMinutes: input.AverageDurationOfVisit,
    timeZone,
    workingHours: input.WorkingHours,
    holidays: input.holidays,
    address: input.address,
    yearOfEstablishment: input.yearOfEstablishment,
    contactInfos: input.contactInfos,
    location: input.locationGoogl,
    details,
    // Left out: the database's default for a new clinic, the clinic's own week for an edited one.
    ...(input.firstDayOfWeek !== undefined ? { firstDayOfWeek: input.firstDayOfWeek } : {}),
    ...(input.weekendDays !== undefined ? { weekendDays: input.weekendDays } : {}),
  };
}

function listItem({ row: r, ...refs }: ClinicWithRefs): ClinicListItem {
  return {
    _id: r.id,
    publicId: r.publicId,
    name: r.name,
    isActive: r.isActive,
    PIC: refs.PIC,
    specializations: refs.specializations,
    department: refs.department,
    clinicCollection: refs.clinicCollection,
    AverageDurationOfVisit: r.averageVisitMinutes,
    timeZone: r.timeZone,
    WorkingHours: r.workingHours as ClinicListItem['WorkingHours'],
    firstDayOfWeek: r.firstDayOfWeek,
    weekendDays: r.weekendDays as number[],
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listClinics(deps: Deps, caller: Caller, q: ClinicListQuery) {
  const { rows, total } = await findClinicPage(deps.db, caller.companyId, q);
  return { data: rows.map(listItem), total };
}

export async function getClinic(deps: Deps, caller: Caller, id: string): Promise<ClinicRecord> {
  const db = deps.db;
  const c = caller.companyId;
  const found = await findClinicWithRefs(db, c, id);
  if (!found) throw notFound();
  const row = found.row;
  const item = listItem(found);
  const [serviceRows, people, patientsCount] = await Promise.all([
    clinicServiceRefs(db, c, id),
    organisationEmployees(db, c, { kind: 'clinic', id }),
    organisationPatientCount(db, c, { kind: 'clinic', id }),
  ]);
  const { doctors, staff } = splitEmployees(people);
  const d = row.details as ClinicDetails;
  return {
    ...item,
    overview: d.overview ?? null,
    yearOfEstablishment: row.yearOfEstablishment,
    address: row.address,
    vision: d.vision ?? null,
    goals: d.goals ?? null,
    logo: d.logo ?? null,
    contactInfos: row.contactInfos as ClinicRecord['contactInfos'],
    holidays: row.holidays as ClinicRecord['holidays'],
    bankAccount: d.bankAccount ?? [],
    insuranceCompany: d.insuranceCompany ?? [],
    cashBoxes: await cashBoxesWithLedger(db, c, row.id, d.cashBoxes ?? []),
    onlinePaymentMethods: d.onlinePaymentMethods ?? [],
    commercialRecord: d.commercialRecord ?? null,
    locationGoogl: (row.location ?? null) as ClinicRecord['locationGoogl'],
    departmentId: row.departmentId,
    clinicCollectionId: row.clinicCollectionId,
    services: serviceRows,
    doctors,
    employees: staff,
    employeeCounts: { total: people.length, doctors: doctors.length },
    staffCount: staff.length,
    doctorsCount: doctors.length,
    patientsCount,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function clinicPatientCount(deps: Deps, caller: Caller, id: string) {
  if (!(await findClinic(deps.db, caller.companyId, id))) throw notFound();
  return { patientCount: await organisationPatientCount(deps.db, caller.companyId, { kind: 'clinic', id }) };
}

/** Where the clinic sits: a department's clinic belongs to the department's complex. */
async function placementOf(db: Db, companyId: string, input: ClinicValues) {
  let clinicCollectionId = input.clinicCollectionId;
  if (clinicCollectionId && !(await findComplex(db, companyId, clinicCollectionId))) {
    throw validationFailed({ clinicCollectionId: 'validation.org.complexNotFound' });
  }
  if (input.departmentId) {
    const department = await findDepartment(db, companyId, input.departmentId);
    if (!department) throw validationFailed({ departmentId: 'validation.org.departmentNotFound' });
    if (clinicCollectionId && department.clinicCollectionId && clinicCollectionId !== department.clinicCollectionId) {
      throw validationFailed({ departmentId: 'validation.org.departmentOutsideComplex' });
    }
    clinicCollectionId = department.clinicCollectionId ?? clinicCollectionId;
  }
  return { departmentId: input.departmentId, clinicCollectionId };
}

export async function createClinic(deps: Deps, ctx: RequestContext, caller: Caller, input: ClinicValues) {
  const c = caller.companyId;
  const id = await inOrganisationTransaction(deps.db, c, async (tx) => {
    await assertPlanAllows(tx, ctx, caller, 'clinic');
    await assertEmployee(tx, c, input.PIC);
    await assertSpecializations(tx, c, input.specializations);
    const placement = await placementOf(tx, c, input);
    const publicId = await nextPublicId(tx, c, 'clinic', 'CLN');
    const timeZone = input.timeZone ?? (await companyTimeZone(tx, c));
    const clinicId = await insertClinic(tx, c, publicId, clinicColumns(input, placement, timeZone));
    await replaceClinicSpecializations(tx, c, clinicId, input.specializations);
    await recordAudit(tx, ctx, { companyId: c, actorId: caller.id, action: 'create', entity: 'clinic', entityId: clinicId, changes: { after: input } });
    return clinicId;
  });
  return getClinic(deps, caller, id);
}

/** Replaces the clinic's form fields, only while the clinic is at the version the form loaded (409 STALE_RECORD otherwise). */
export async function updateClinic(deps: Deps, ctx: RequestContext, caller: Caller, id: string, { version, ...input }: ClinicUpdateValues) {
  const c = caller.companyId;
  await inOrganisationTransaction(deps.db, c, async (tx) => {
    const current = await findClinic(tx, c, id);
    if (!current) throw notFound();
    assertVersion(current, version);
    await assertEmployee(tx, c, input.PIC);
    await assertSpecializations(tx, c, input.specializations);
    const placement = await placementOf(tx, c, input);
    const columns = clinicColumns(input, placement, input.timeZone ?? current.timeZone);
    const before = { ...current, specializations: await clinicSpecializationIds(tx, c, id) } as Record<string, unknown>;
    if (!(await updateClinicAtVersion(tx, c, id, version, columns))) return staleOrMissing(async () => Boolean(await findClinic(tx, c, id)));
    await replaceClinicSpecializations(tx, c, id, input.specializations);
    const changes = changedFields(before, { ...columns, specializations: [...new Set(input.specializations)].sort() });
    await recordAudit(tx, ctx, { companyId: c, actorId: caller.id, action: 'update', entity: 'clinic', entityId: id, changes });
    return changes;
  });
  return getClinic(deps, caller, id);
}

/** Refused (409) while appointments, services or staff depend on the clinic; all or nothing. */
export async function deleteClinic(deps: Deps, ctx: RequestContext, caller: Caller, id: string) {
  const c = caller.companyId;
  await inOrganisationTransaction(deps.db, c, async (tx) => {
    const current = await findClinic(tx, c, id);
    if (!current) throw notFound();
    assertNoDependents(ctx, await clinicDependents(tx, c, id));
    await deleteClinicRow(tx, c, id);
    await recordAudit(tx, ctx, { companyId: c, actorId: caller.id, action: 'delete', entity: 'clinic', entityId: id, changes: { before: { publicId: current.publicId, name: current.name } } });
    return current;
  });
}
