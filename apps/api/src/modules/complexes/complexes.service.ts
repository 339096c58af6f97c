import {
  type ComplexListItem, type ComplexListQuery, type ComplexRecord, type ComplexUpdateValues,
  type ComplexValues,
} from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { nextPublicId } from '../../lib/public-id.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import { inOrganisationTransaction } from '../../lib/transaction.js';
import { assertEmployee, assertNoDependents, assertPlanAllows, assertSpecializations, employeeRefs, organisationPatientCount, organisationEmployees, splitEmployees } from '../organisation/index.js';
import {
  complexClinicRefs, complexDependents, complexDepartmentRefs, complexSpecializationRefs, countsByComplex, deleteComplexRow, findComplexPage,
  findComplexRow, insertComplex, replaceSpecializations, specializationIds, updateComplexAtVersion, type ComplexRow as Row,
} from './complexes.repository.js';


/** Form fields kept in the `details` column (shown on the details page only). */
interface ComplexDetails {
  overview?: string | null;
  policies?: string | null;
  vision?: string | null;
  goals?: string | null;
  details?: string | null;
  logo?: string | null;
  bankAccount?: ComplexRecord['bankAccount'];
  insuranceCompany?: ComplexRecord['insuranceCompany'];
  commercialRecord?: ComplexRecord['commercialRecord'];
  cashBoxes?: ComplexRecord['cashBoxes'];
  onlinePaymentMethods?: ComplexRecord['onlinePaymentMethods'];
}

export function complexColumns(input: ComplexValues) {
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

function listItem(row: Row, pic: ComplexListItem['PIC'], clinicsCount: number, departmentsCount: number): ComplexListItem {
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

export async function listComplexes(deps: Deps, caller: Caller, q: ComplexListQuery) {
  const { rows, total } = await findComplexPage(deps.db, caller.companyId, q);
  const ids = rows.map((r) => r.id);
  const [pics, counts] = await Promise.all([employeeRefs(deps.db, caller.companyId, rows.map((r) => r.picId)), countsByComplex(deps.db, caller.companyId, ids)]);
  const data = rows.map((r) => listItem(r, r.picId ? pics.get(r.picId) ?? null : null, counts.clinicsBy.get(r.id) ?? 0, counts.departmentsBy.get(r.id) ?? 0));
  return { data, total };
}

export async function getComplex(deps: Deps, caller: Caller, id: string): Promise<ComplexRecord> {
  const db = deps.db;
  const c = caller.companyId;
  const row = await findComplexRow(db, c, id);
  if (!row) throw notFound();
  const [pics, departmentRows, clinicRows, specializationRows, people, patientsCount, ownSpecializations] = await Promise.all([
    employeeRefs(db, c, [row.picId]),
    complexDepartmentRefs(db, c, id),
    complexClinicRefs(db, c, id),
    complexSpecializationRefs(db, c, id),
    organisationEmployees(db, c, { kind: 'complex', id }),
    organisationPatientCount(db, c, { kind: 'complex', id }),
    specializationIds(db, c, id),
  ]);
  const { doctors, staff } = splitEmployees(people);
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
    contactInfos: row.contactInfos as ComplexRecord['contactInfos'],
    holidays: row.holidays as ComplexRecord['holidays'],
    workingDays: row.workingDays as ComplexRecord['workingDays'],
    bankAccount: d.bankAccount ?? [],
    insuranceCompany: d.insuranceCompany ?? [],
    cashBoxes: d.cashBoxes ?? [],
    onlinePaymentMethods: d.onlinePaymentMethods ?? [],
    commercialRecord: d.commercialRecord ?? null,
    locationGoogl: (row.location ?? null) as ComplexRecord['locationGoogl'],
    companyId: row.companyId,
    patientsCount,
    doctorsCount: doctors.length,
    staffCount: staff.length,
    departments: departmentRows,
    clinics: clinicRows,
    specializations: specializationRows,
    specializationIds: ownSpecializations,
    doctors,
    staff,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function createComplex(deps: Deps, ctx: RequestContext, caller: Caller, input: ComplexValues) {
  const id = await inOrganisationTransaction(deps.db, caller.companyId, async (tx) => {
    await assertPlanAllows(tx, ctx, caller, 'complex');
    await assertEmployee(tx, caller.companyId, input.PIC);
    await assertSpecializations(tx, caller.companyId, input.specializations);
    const publicId = await nextPublicId(tx, caller.companyId, 'clinic_collection', 'MC');
    const id = await insertComplex(tx, caller.companyId, publicId, complexColumns(input));
    await replaceSpecializations(tx, caller.companyId, id, input.specializations);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'clinic_collection', entityId: id, changes: { after: input } });
    return id;
  });
  return getComplex(deps, caller, id);
}

/** Replaces the complex's form fields, only while it is at the version the form loaded (409 STALE_RECORD otherwise). */
export async function updateComplex(deps: Deps, ctx: RequestContext, caller: Caller, id: string, { version, ...input }: ComplexUpdateValues) {
  await inOrganisationTransaction(deps.db, caller.companyId, async (tx) => {
    const current = await findComplexRow(tx, caller.companyId, id);
    if (!current) throw notFound();
    assertVersion(current, version);
    await assertEmployee(tx, caller.companyId, input.PIC);
    await assertSpecializations(tx, caller.companyId, input.specializations);
    const before = { ...current, specializations: await specializationIds(tx, caller.companyId, id) } as Record<string, unknown>;
    const columns = complexColumns(input);
    const updated = await updateComplexAtVersion(tx, caller.companyId, id, version, columns);
    if (!updated) return staleOrMissing(async () => Boolean(await findComplexRow(tx, caller.companyId, id)));
    await replaceSpecializations(tx, caller.companyId, id, input.specializations);
    const changes = changedFields(before, { ...columns, specializations: [...new Set(input.specializations)].sort() });
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'clinic_collection', entityId: id, changes });
    return changes;
  });
  return getComplex(deps, caller, id);
}

/** Refused (409) while departments, clinics or staff still belong to the complex; all or nothing. */
export async function deleteComplex(deps: Deps, ctx: RequestContext, caller: Caller, id: string) {
  const c = caller.companyId;
  await inOrganisationTransaction(deps.db, c, async (tx) => {
    const current = await findComplexRow(tx, c, id);
    if (!current) throw notFound();
    assertNoDependents(ctx, await complexDependents(tx, c, id));
    await deleteComplexRow(tx, c, id);
    await recordAudit(tx, ctx, { companyId: c, actorId: caller.id, action: 'delete', entity: 'clinic_collection', entityId: id, changes: { before: { publicId: current.publicId, name: current.name } } });
    return current;
  });
}
