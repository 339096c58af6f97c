import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  pageWindow, type ClinicCollectionListItem, type ClinicCollectionListQuery, type ClinicCollectionRecord, type ClinicCollectionUpdateValues,
  type ClinicCollectionValues,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  clinicCollectionSpecializations, clinicCollections, clinics, departments, employees, specializations,
} from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { likePattern, orderBy } from '../../lib/list.js';
import { nextPublicId } from '../../lib/public-id.js';
import { assertVersion, nextVersion, staleOrMissing } from '../../lib/versioning.js';
import {
  assertEmployee, assertNoDependents, assertPlanAllows, assertSpecializations, employeeRefs,
  inOrganisationTransaction, organisationPatientCount, organisationPeople, splitPeople,
} from '../organisation/org-support.js';

type Row = typeof clinicCollections.$inferSelect;

/** Form fields kept in the `details` column (shown on the details page only). */
interface ComplexDetails {
  overview?: string | null;
  policies?: string | null;
  vision?: string | null;
  goals?: string | null;
  details?: string | null;
  logo?: string | null;
  bankAccount?: ClinicCollectionRecord['bankAccount'];
  insuranceCompany?: ClinicCollectionRecord['insuranceCompany'];
  commercialRecord?: ClinicCollectionRecord['commercialRecord'];
  cashBoxes?: ClinicCollectionRecord['cashBoxes'];
  onlinePaymentMethods?: ClinicCollectionRecord['onlinePaymentMethods'];
}

export function complexColumns(input: ClinicCollectionValues) {
  const details: ComplexDetails = {
    overview: input.overview,
    policies: input.policies,
    vision: input.vision,
    goals: input.goals,
    details: input.details,
    logo: input.logo,
    bankAccount: input.bankAccount,
    insuranceCompany: input.insuranceCompany,
    commercialRecord: input.commercialRecord,
    cashBoxes: input.cashBoxes,
    onlinePaymentMethods: input.onlinePaymentMethods,
  };
  return {
    name: input.name,
    picId: input.PIC,
    isActive: input.isActive,
    email: input.email,
    phone: input.phone,
    website: input.website,
    country: input.country,
    stateProvince: input.stateProvince,
    zipCode: input.zipCode,
    address: input.address,
    yearOfEstablishment: input.yearOfEstablishment,
    contactInfos: input.contactInfos,
    workingDays: input.workingDays,
    holidays: input.holidays,
    location: input.locationGoogl,
    details,
  };
}

const sortColumns = {
  _id: [clinicCollections.createdAt, clinicCollections.id],
  publicId: [clinicCollections.publicId],
  name: [clinicCollections.name, clinicCollections.id],
  isActive: [clinicCollections.isActive, clinicCollections.id],
  createdAt: [clinicCollections.createdAt, clinicCollections.id],
} as const;

async function countsByComplex(db: Db, companyId: string, ids: string[]) {
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

function listItem(row: Row, pic: ClinicCollectionListItem['PIC'], clinicsCount: number, departmentsCount: number): ClinicCollectionListItem {
  return {
    _id: row.id,
    publicId: row.publicId,
    name: row.name,
    PIC: pic,
    isActive: row.isActive,
    email: row.email,
    phone: row.phone,
    country: row.country,
    clinicsCount,
    departmentsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listComplexes(deps: Deps, caller: Caller, q: ClinicCollectionListQuery) {
  const where: SQL[] = [eq(clinicCollections.companyId, caller.companyId)];
  if (q.search) {
    const p = likePattern(q.search);
    where.push(or(ilike(clinicCollections.name, p), ilike(clinicCollections.publicId, p), ilike(clinicCollections.email, p), ilike(clinicCollections.phone, p), ilike(clinicCollections.country, p))!);
  }
  const isActive = q.isActive ?? (typeof q.filter_fields?.isActive === 'boolean' ? q.filter_fields.isActive : undefined);
  if (isActive !== undefined) where.push(eq(clinicCollections.isActive, isActive));
  const filter = and(...where);
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    deps.db.select().from(clinicCollections).where(filter).orderBy(...orderBy([...sortColumns[q.sortBy]], q.order)).limit(w.limit).offset(w.offset),
    deps.db.select({ n: count() }).from(clinicCollections).where(filter),
  ]);
  const ids = rows.map((r) => r.id);
  const [pics, counts] = await Promise.all([employeeRefs(deps.db, caller.companyId, rows.map((r) => r.picId)), countsByComplex(deps.db, caller.companyId, ids)]);
  const data = rows.map((r) => listItem(r, r.picId ? pics.get(r.picId) ?? null : null, counts.clinicsBy.get(r.id) ?? 0, counts.departmentsBy.get(r.id) ?? 0));
  return { data, total: totals[0]?.n ?? 0 };
}

async function findRow(db: Db, companyId: string, id: string) {
  const [row] = await db.select().from(clinicCollections).where(and(eq(clinicCollections.companyId, companyId), eq(clinicCollections.id, id))).limit(1);
  return row ?? null;
}

async function specialityIds(db: Db, companyId: string, id: string) {
  const rows = await db.select({ id: clinicCollectionSpecializations.specializationId }).from(clinicCollectionSpecializations)
    .where(and(eq(clinicCollectionSpecializations.companyId, companyId), eq(clinicCollectionSpecializations.clinicCollectionId, id)));
  return rows.map((r) => r.id).sort();
}

export async function getComplex(deps: Deps, caller: Caller, id: string): Promise<ClinicCollectionRecord> {
  const db = deps.db;
  const c = caller.companyId;
  const row = await findRow(db, c, id);
  if (!row) throw notFound();
  const [pics, departmentRows, clinicRows, specialityRows, people, patientsCount, ownSpecialities] = await Promise.all([
    employeeRefs(db, c, [row.picId]),
    db.select({ _id: departments.id, name: departments.name, publicId: departments.publicId }).from(departments)
      .where(and(eq(departments.companyId, c), eq(departments.clinicCollectionId, id))).orderBy(departments.name),
    db.select({ _id: clinics.id, name: clinics.name, publicId: clinics.publicId }).from(clinics)
      .where(and(eq(clinics.companyId, c), eq(clinics.clinicCollectionId, id))).orderBy(clinics.name),
    // Its own specialities and those of its clinics.
    db.selectDistinct({ _id: specializations.id, name: specializations.name, publicId: specializations.publicId }).from(specializations)
      .where(and(
        eq(specializations.companyId, c),
        or(
          sql`exists (select 1 from clinic_collection_specializations s where s.company_id = "specializations"."company_id" and s.specialization_id = "specializations"."id" and s.clinic_collection_id = ${id})`,
          sql`exists (select 1 from clinic_specializations s join clinics cl on cl.company_id = s.company_id and cl.id = s.clinic_id
            where s.company_id = "specializations"."company_id" and s.specialization_id = "specializations"."id" and cl.clinic_collection_id = ${id})`,
        ),
      ))
      .orderBy(specializations.name),
    organisationPeople(db, c, { kind: 'complex', id }),
    organisationPatientCount(db, c, { kind: 'complex', id }),
    specialityIds(db, c, id),
  ]);
  const { doctors, staff } = splitPeople(people);
  const d = row.details as ComplexDetails;
  return {
    ...listItem(row, row.picId ? pics.get(row.picId) ?? null : null, clinicRows.length, departmentRows.length),
    website: row.website,
    stateProvince: row.stateProvince,
    zipCode: row.zipCode,
    address: row.address,
    yearOfEstablishment: row.yearOfEstablishment,
    overview: d.overview ?? null,
    policies: d.policies ?? null,
    vision: d.vision ?? null,
    goals: d.goals ?? null,
    details: d.details ?? null,
    logo: d.logo ?? null,
    contactInfos: row.contactInfos as ClinicCollectionRecord['contactInfos'],
    holidays: row.holidays as ClinicCollectionRecord['holidays'],
    workingDays: row.workingDays as ClinicCollectionRecord['workingDays'],
    bankAccount: d.bankAccount ?? [],
    insuranceCompany: d.insuranceCompany ?? [],
    cashBoxes: d.cashBoxes ?? [],
    onlinePaymentMethods: d.onlinePaymentMethods ?? [],
    commercialRecord: d.commercialRecord ?? null,
    locationGoogl: (row.location ?? null) as ClinicCollectionRecord['locationGoogl'],
    companyId: row.companyId,
    patientsCount,
    doctorsCount: doctors.length,
    staffCount: staff.length,
    departments: departmentRows,
    clinics: clinicRows,
    specializations: specialityRows,
    specializationIds: ownSpecialities,
    doctors,
    staff,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

async function replaceSpecialities(db: Db, companyId: string, id: string, ids: readonly string[]) {
  await db.delete(clinicCollectionSpecializations).where(and(eq(clinicCollectionSpecializations.companyId, companyId), eq(clinicCollectionSpecializations.clinicCollectionId, id)));
  const unique = [...new Set(ids)];
  if (unique.length) {
    await db.insert(clinicCollectionSpecializations).values(unique.map((specializationId) => ({ companyId, clinicCollectionId: id, specializationId })));
  }
}

export async function createComplex(deps: Deps, req: FastifyRequest, caller: Caller, input: ClinicCollectionValues) {
  const id = await inOrganisationTransaction(deps.db, caller.companyId, async (tx) => {
    await assertPlanAllows(tx, req, caller, 'complex');
    await assertEmployee(tx, caller.companyId, input.PIC);
    await assertSpecializations(tx, caller.companyId, input.specializations);
    const publicId = await nextPublicId(tx, caller.companyId, 'clinic_collection', 'MC');
    const [row] = await tx.insert(clinicCollections).values({ companyId: caller.companyId, publicId, ...complexColumns(input) }).returning({ id: clinicCollections.id });
    await replaceSpecialities(tx, caller.companyId, row!.id, input.specializations);
    return row!.id;
  });
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'clinic_collection', entityId: id, changes: { after: input } });
  return getComplex(deps, caller, id);
}

/** Replaces the complex's form fields, only while it is at the version the form loaded (409 STALE_RECORD otherwise). */
export async function updateComplex(deps: Deps, req: FastifyRequest, caller: Caller, id: string, { version, ...input }: ClinicCollectionUpdateValues) {
  const changes = await inOrganisationTransaction(deps.db, caller.companyId, async (tx) => {
    const current = await findRow(tx, caller.companyId, id);
    if (!current) throw notFound();
    assertVersion(current, version);
    await assertEmployee(tx, caller.companyId, input.PIC);
    await assertSpecializations(tx, caller.companyId, input.specializations);
    const before = { ...current, specializations: await specialityIds(tx, caller.companyId, id) } as Record<string, unknown>;
    const columns = complexColumns(input);
    const [updated] = await tx.update(clinicCollections).set({ ...columns, updatedAt: new Date(), version: nextVersion(clinicCollections.version) })
      .where(and(eq(clinicCollections.companyId, caller.companyId), eq(clinicCollections.id, id), eq(clinicCollections.version, version)))
      .returning({ id: clinicCollections.id });
    if (!updated) return staleOrMissing(async () => Boolean(await findRow(tx, caller.companyId, id)));
    await replaceSpecialities(tx, caller.companyId, id, input.specializations);
    return changedFields(before, { ...columns, specializations: [...new Set(input.specializations)].sort() });
  });
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'clinic_collection', entityId: id, changes });
  return getComplex(deps, caller, id);
}

/** Refused (409) while departments, clinics or staff still belong to the complex; all or nothing. */
export async function deleteComplex(deps: Deps, req: FastifyRequest, caller: Caller, id: string) {
  const c = caller.companyId;
  const removed = await inOrganisationTransaction(deps.db, c, async (tx) => {
    const current = await findRow(tx, c, id);
    if (!current) throw notFound();
    const [[deps1], [deps2], [deps3]] = await Promise.all([
      tx.select({ n: count() }).from(departments).where(and(eq(departments.companyId, c), eq(departments.clinicCollectionId, id))),
      tx.select({ n: count() }).from(clinics).where(and(eq(clinics.companyId, c), eq(clinics.clinicCollectionId, id))),
      tx.select({ n: count() }).from(employees).where(and(eq(employees.companyId, c), eq(employees.clinicCollectionId, id))),
    ]);
    assertNoDependents(req, { departments: deps1?.n ?? 0, clinics: deps2?.n ?? 0, staff: deps3?.n ?? 0 });
    await tx.delete(clinicCollections).where(and(eq(clinicCollections.companyId, c), eq(clinicCollections.id, id)));
    return current;
  });
  await recordAudit(deps.db, req, { companyId: c, actorId: caller.id, action: 'delete', entity: 'clinic_collection', entityId: id, changes: { before: { publicId: removed.publicId, name: removed.name } } });
}
