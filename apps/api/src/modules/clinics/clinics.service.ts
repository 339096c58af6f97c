import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  pageWindow, type ClinicListItem, type ClinicListQuery, type ClinicRecord, type ClinicUpdateValues, type ClinicValues, type Ref,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  appointments, clinicCollections, clinicSpecializations, clinics, companies, departments, employeeClinics, employees, services, specializations,
} from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { exactTotal, likePattern, orderBy } from '../../lib/list.js';
import { nextPublicId } from '../../lib/public-id.js';
import { assertVersion, nextVersion, staleOrMissing } from '../../lib/versioning.js';
import {
  assertEmployee, assertNoDependents, assertPlanAllows, assertSpecializations, findComplex, findDepartment,
  inOrganisationTransaction, organisationPatientCount, organisationPeople, qualified, refOf, splitPeople,
} from '../organisation/org-support.js';
import { cashBoxesWithLedger } from '../billing/cash-boxes.repository.js';

type Row = typeof clinics.$inferSelect;

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

const sortColumns = {
  _id: [clinics.createdAt, clinics.id],
  publicId: [clinics.publicId],
  name: [clinics.name, clinics.id],
  isActive: [clinics.isActive, clinics.id],
  createdAt: [clinics.createdAt, clinics.id],
} as const;

/** A clinic with the names it shows, in one statement: person in charge, department, complex and specialities. */
const withRefs = {
  row: clinics,
  PIC: refOf(employees, clinics.companyId, clinics.picId),
  department: refOf(departments, clinics.companyId, clinics.departmentId),
  clinicCollection: refOf(clinicCollections, clinics.companyId, clinics.clinicCollectionId),
  specializations: sql<Ref[]>`coalesce((
    select json_agg(json_build_object('_id', s.id, 'name', s.name, 'publicId', s.public_id) order by s.name, s.id)
    from ${clinicSpecializations} cs join ${specializations} s on s.company_id = cs.company_id and s.id = cs.specialization_id
    where cs.company_id = ${qualified(clinics.companyId)} and cs.clinic_id = ${qualified(clinics.id)}), '[]'::json)`,
};

type RowWithRefs = { row: Row; PIC: Ref | null; department: Ref | null; clinicCollection: Ref | null; specializations: Ref[] };

function listItem({ row: r, ...refs }: RowWithRefs): ClinicListItem {
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
  const where: SQL[] = [eq(clinics.companyId, caller.companyId)];
  if (q.search) {
    const p = likePattern(q.search);
    where.push(or(ilike(clinics.name, p), ilike(clinics.publicId, p))!);
  }
  const isActive = q.isActive ?? (typeof q.filter_fields?.isActive === 'boolean' ? q.filter_fields.isActive : undefined);
  if (isActive !== undefined) where.push(eq(clinics.isActive, isActive));
  if (q.departmentId) where.push(eq(clinics.departmentId, q.departmentId));
  if (q.clinicCollectionId) where.push(eq(clinics.clinicCollectionId, q.clinicCollectionId));
  const filter = and(...where);
  const w = pageWindow(q);
  const rows = await deps.db.select(withRefs).from(clinics).where(filter).orderBy(...orderBy([...sortColumns[q.sortBy]], q.order)).limit(w.limit).offset(w.offset);
  const total = await exactTotal(rows.length, w, async () => {
    const [n] = await deps.db.select({ n: count() }).from(clinics).where(filter);
    return n?.n ?? 0;
  });
  return { data: rows.map(listItem), total };
}

async function findRow(db: Db, companyId: string, id: string) {
  const [row] = await db.select().from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, id))).limit(1);
  return row ?? null;
}

export async function getClinic(deps: Deps, caller: Caller, id: string): Promise<ClinicRecord> {
  const db = deps.db;
  const c = caller.companyId;
  const [found] = await db.select(withRefs).from(clinics).where(and(eq(clinics.companyId, c), eq(clinics.id, id))).limit(1);
  if (!found) throw notFound();
  const row = found.row;
  const item = listItem(found);
  const [serviceRows, people, patientsCount] = await Promise.all([
    db.select({ _id: services.id, name: services.name, publicId: services.publicId }).from(services)
      .where(and(eq(services.companyId, c), eq(services.clinicId, id))).orderBy(services.name),
    organisationPeople(db, c, { kind: 'clinic', id }),
    organisationPatientCount(db, c, { kind: 'clinic', id }),
  ]);
  const { doctors, staff } = splitPeople(people);
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
  if (!(await findRow(deps.db, caller.companyId, id))) throw notFound();
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

async function companyTimeZone(db: Db, companyId: string) {
  const [row] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.timeZone ?? 'UTC';
}

async function specialityIds(db: Db, companyId: string, id: string) {
  const rows = await db.select({ id: clinicSpecializations.specializationId }).from(clinicSpecializations)
    .where(and(eq(clinicSpecializations.companyId, companyId), eq(clinicSpecializations.clinicId, id)));
  return rows.map((r) => r.id).sort();
}

async function replaceSpecialities(db: Db, companyId: string, clinicId: string, ids: readonly string[]) {
  await db.delete(clinicSpecializations).where(and(eq(clinicSpecializations.companyId, companyId), eq(clinicSpecializations.clinicId, clinicId)));
  const unique = [...new Set(ids)];
  if (unique.length) await db.insert(clinicSpecializations).values(unique.map((specializationId) => ({ companyId, clinicId, specializationId })));
}

export async function createClinic(deps: Deps, req: FastifyRequest, caller: Caller, input: ClinicValues) {
  const c = caller.companyId;
  const id = await inOrganisationTransaction(deps.db, c, async (tx) => {
    await assertPlanAllows(tx, req, caller, 'clinic');
    await assertEmployee(tx, c, input.PIC);
    await assertSpecializations(tx, c, input.specializations);
    const placement = await placementOf(tx, c, input);
    const publicId = await nextPublicId(tx, c, 'clinic', 'CLN');
    const timeZone = input.timeZone ?? (await companyTimeZone(tx, c));
    const [row] = await tx.insert(clinics).values({ companyId: c, publicId, ...clinicColumns(input, placement, timeZone) }).returning({ id: clinics.id });
    await replaceSpecialities(tx, c, row!.id, input.specializations);
    return row!.id;
  });
  await recordAudit(deps.db, req, { companyId: c, actorId: caller.id, action: 'create', entity: 'clinic', entityId: id, changes: { after: input } });
  return getClinic(deps, caller, id);
}

/** Replaces the clinic's form fields, only while the clinic is at the version the form loaded (409 STALE_RECORD otherwise). */
export async function updateClinic(deps: Deps, req: FastifyRequest, caller: Caller, id: string, { version, ...input }: ClinicUpdateValues) {
  const c = caller.companyId;
  const changes = await inOrganisationTransaction(deps.db, c, async (tx) => {
    const current = await findRow(tx, c, id);
    if (!current) throw notFound();
    assertVersion(current, version);
    await assertEmployee(tx, c, input.PIC);
    await assertSpecializations(tx, c, input.specializations);
    const placement = await placementOf(tx, c, input);
    const columns = clinicColumns(input, placement, input.timeZone ?? current.timeZone);
    const before = { ...current, specializations: await specialityIds(tx, c, id) } as Record<string, unknown>;
    const [updated] = await tx.update(clinics).set({ ...columns, updatedAt: new Date(), version: nextVersion(clinics.version) })
      .where(and(eq(clinics.companyId, c), eq(clinics.id, id), eq(clinics.version, version))).returning({ id: clinics.id });
    if (!updated) return staleOrMissing(async () => Boolean(await findRow(tx, c, id)));
    await replaceSpecialities(tx, c, id, input.specializations);
    return changedFields(before, { ...columns, specializations: [...new Set(input.specializations)].sort() });
  });
  await recordAudit(deps.db, req, { companyId: c, actorId: caller.id, action: 'update', entity: 'clinic', entityId: id, changes });
  return getClinic(deps, caller, id);
}

/** Refused (409) while appointments, services or staff depend on the clinic; all or nothing. */
export async function deleteClinic(deps: Deps, req: FastifyRequest, caller: Caller, id: string) {
  const c = caller.companyId;
  const removed = await inOrganisationTransaction(deps.db, c, async (tx) => {
    const current = await findRow(tx, c, id);
    if (!current) throw notFound();
    const [[a], [s], [e]] = await Promise.all([
      tx.select({ n: count() }).from(appointments).where(and(eq(appointments.companyId, c), eq(appointments.clinicId, id))),
      tx.select({ n: count() }).from(services).where(and(eq(services.companyId, c), eq(services.clinicId, id))),
      tx.select({ n: count() }).from(employeeClinics).where(and(eq(employeeClinics.companyId, c), eq(employeeClinics.clinicId, id))),
    ]);
    assertNoDependents(req, { appointments: a?.n ?? 0, services: s?.n ?? 0, staff: e?.n ?? 0 });
    await tx.delete(clinics).where(and(eq(clinics.companyId, c), eq(clinics.id, id)));
    return current;
  });
  await recordAudit(deps.db, req, { companyId: c, actorId: caller.id, action: 'delete', entity: 'clinic', entityId: id, changes: { before: { publicId: removed.publicId, name: removed.name } } });
}
