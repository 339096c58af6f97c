import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  pageWindow, type SpecializationCreate, type SpecializationDetails, type SpecializationListQuery, type SpecializationRecord,
  type SpecializationUpdate,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clinics, clinicSpecializations, employees, employeeSpecializations, specializations, specializationStaff } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, conflict, validationFailed } from '../../lib/errors.js';
import { likePattern, orderBy } from '../../lib/list.js';
import { nextPublicId } from '../../lib/public-id.js';
import { assertVersion, nextVersion, staleOrMissing } from '../../lib/versioning.js';

type Row = typeof specializations.$inferSelect;
type Ref = { _id: string; name: string };

const notFound = () => new AppError(404, 'NOT_FOUND', 'errors.scheduling.specialityNotFound');

const sortColumns = {
  _id: [specializations.createdAt, specializations.id],
  publicId: [specializations.publicId],
  name: [specializations.name, specializations.id],
  isActive: [specializations.isActive, specializations.id],
  createdAt: [specializations.createdAt, specializations.id],
  updatedAt: [specializations.updatedAt, specializations.id],
} as const;

function group(rows: Array<{ key: string; _id: string; name: string }>) {
  const map = new Map<string, Ref[]>();
  for (const r of rows) {
    const list = map.get(r.key) ?? [];
    list.push({ _id: r._id, name: r.name });
    map.set(r.key, list);
  }
  return map;
}

/** Required staff of several specialities in one query. */
async function staffOf(db: Db, companyId: string, ids: string[]) {
  if (!ids.length) return new Map<string, Ref[]>();
  const rows = await db
    .select({ key: specializationStaff.specializationId, _id: employees.id, name: employees.name })
    .from(specializationStaff)
    .innerJoin(employees, and(eq(employees.companyId, specializationStaff.companyId), eq(employees.id, specializationStaff.employeeId)))
    .where(and(eq(specializationStaff.companyId, companyId), inArray(specializationStaff.specializationId, ids)))
    .orderBy(asc(employees.name));
  return group(rows);
}

function toRecord(row: Row, staff: Ref[]): SpecializationRecord {
  return {
    _id: row.id,
    publicId: row.publicId,
    name: row.name,
    description: row.description,
    certificationRequirements: row.certificationRequirements,
    medicalProcedures: row.medicalProcedures,
    requiredEquipment: row.requiredEquipment,
    requiredStaff: staff,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function listSpecializations(deps: Deps, caller: Caller, q: SpecializationListQuery) {
  const where: SQL[] = [eq(specializations.companyId, caller.companyId)];
  if (q.search) {
    const p = likePattern(q.search);
    where.push(or(ilike(specializations.name, p), ilike(specializations.publicId, p), ilike(specializations.description, p))!);
  }
  const filterActive = q.filter_fields?.isActive;
  const isActive = q.isActive ?? q.status ?? (typeof filterActive === 'boolean' ? filterActive : undefined);
  if (isActive !== undefined) where.push(eq(specializations.isActive, isActive));
  const filter = and(...where);
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    deps.db.select().from(specializations).where(filter).orderBy(...orderBy([...sortColumns[q.sortBy]], q.order)).limit(w.limit).offset(w.offset),
    deps.db.select({ n: count() }).from(specializations).where(filter),
  ]);
  const staff = await staffOf(deps.db, caller.companyId, rows.map((r) => r.id));
  return { data: rows.map((r) => toRecord(r, staff.get(r.id) ?? [])), total: totals[0]?.n ?? 0 };
}

async function loadRow(db: Db, companyId: string, id: string) {
  const [row] = await db.select().from(specializations).where(and(eq(specializations.companyId, companyId), eq(specializations.id, id))).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getSpecialization(deps: Deps, caller: Caller, id: string): Promise<SpecializationDetails> {
  const row = await loadRow(deps.db, caller.companyId, id);
  const [staff, clinicRows, doctorRows] = await Promise.all([
    staffOf(deps.db, caller.companyId, [id]),
    deps.db
      .select({ _id: clinics.id, name: clinics.name })
      .from(clinicSpecializations)
      .innerJoin(clinics, and(eq(clinics.companyId, clinicSpecializations.companyId), eq(clinics.id, clinicSpecializations.clinicId)))
      .where(and(eq(clinicSpecializations.companyId, caller.companyId), eq(clinicSpecializations.specializationId, id)))
      .orderBy(asc(clinics.name)),
    deps.db
      .select({ _id: employees.id, name: employees.name })
      .from(employeeSpecializations)
      .innerJoin(employees, and(eq(employees.companyId, employeeSpecializations.companyId), eq(employees.id, employeeSpecializations.employeeId)))
      .where(and(eq(employeeSpecializations.companyId, caller.companyId), eq(employeeSpecializations.specializationId, id), eq(employees.employeeType, 'Doctor')))
      .orderBy(asc(employees.name)),
  ]);
  return { ...toRecord(row, staff.get(id) ?? []), clinics: clinicRows, doctors: doctorRows };
}

/** Required staff must be employees of the caller's company. */
async function requireStaff(db: Db, companyId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), inArray(employees.id, unique)));
  if (found.length !== unique.length) throw validationFailed({ requiredStaff: 'validation.scheduling.unknownStaff' });
  return unique;
}

const auditable = (r: SpecializationRecord) => ({
  name: r.name, description: r.description, certificationRequirements: r.certificationRequirements, medicalProcedures: r.medicalProcedures,
  requiredEquipment: r.requiredEquipment, isActive: r.isActive, requiredStaff: r.requiredStaff.map((s) => s._id).sort(),
});

export async function createSpecialization(deps: Deps, req: FastifyRequest, caller: Caller, input: SpecializationCreate) {
  const staffIds = await requireStaff(deps.db, caller.companyId, input.requiredStaff);
  const id = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const publicId = await nextPublicId(db, caller.companyId, 'specialization', 'SPC');
    const [row] = await db
      .insert(specializations)
      .values({
        companyId: caller.companyId,
        publicId,
        name: input.name,
        description: input.description,
        certificationRequirements: input.certificationRequirements,
        medicalProcedures: input.medicalProcedures,
        requiredEquipment: input.requiredEquipment,
        isActive: input.isActive,
      })
      .returning({ id: specializations.id });
    if (!row) throw new Error('speciality insert returned nothing');
    await db.insert(specializationStaff).values(staffIds.map((employeeId) => ({ companyId: caller.companyId, specializationId: row.id, employeeId })));
    return row.id;
  });
  const record = await getSpecialization(deps, caller, id);
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'specialization', entityId: id, changes: { after: auditable(record) } });
  return record;
}

/** Changes the fields given, only while the speciality is at the version the change is based on (409 STALE_RECORD otherwise). */
export async function updateSpecialization(deps: Deps, req: FastifyRequest, caller: Caller, id: string, input: SpecializationUpdate) {
  const before = await getSpecialization(deps, caller, id);
  assertVersion(before, input.version);
  const staffIds = input.requiredStaff ? await requireStaff(deps.db, caller.companyId, input.requiredStaff) : null;
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const { requiredStaff: _staff, version, ...fields } = input;
    const [updated] = await db.update(specializations).set({ ...fields, updatedAt: new Date(), version: nextVersion(specializations.version) })
      .where(and(eq(specializations.companyId, caller.companyId), eq(specializations.id, id), eq(specializations.version, version)))
      .returning({ id: specializations.id });
    if (!updated) {
      return staleOrMissing(async () => (await db.select({ id: specializations.id }).from(specializations)
        .where(and(eq(specializations.companyId, caller.companyId), eq(specializations.id, id)))).length > 0, notFound);
    }
    if (staffIds) {
      await db.delete(specializationStaff).where(and(eq(specializationStaff.companyId, caller.companyId), eq(specializationStaff.specializationId, id)));
      await db.insert(specializationStaff).values(staffIds.map((employeeId) => ({ companyId: caller.companyId, specializationId: id, employeeId })));
    }
  });
  const after = await getSpecialization(deps, caller, id);
  const b = auditable(before);
  const a = auditable(after);
  const changed = (Object.keys(a) as Array<keyof typeof a>).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  if (changed.length) {
    await recordAudit(deps.db, req, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'specialization', entityId: id,
      changes: { before: Object.fromEntries(changed.map((k) => [k, b[k]])), after: Object.fromEntries(changed.map((k) => [k, a[k]])) },
    });
  }
  return after;
}

export async function deleteSpecialization(deps: Deps, req: FastifyRequest, caller: Caller, id: string) {
  const before = await getSpecialization(deps, caller, id);
  const [clinicUse, doctorUse] = await Promise.all([
    deps.db.select({ n: count() }).from(clinicSpecializations).where(and(eq(clinicSpecializations.companyId, caller.companyId), eq(clinicSpecializations.specializationId, id))),
    deps.db.select({ n: count() }).from(employeeSpecializations).where(and(eq(employeeSpecializations.companyId, caller.companyId), eq(employeeSpecializations.specializationId, id))),
  ]);
  const clinicsUsing = Number(clinicUse[0]?.n ?? 0);
  const doctorsUsing = Number(doctorUse[0]?.n ?? 0);
  if (clinicsUsing || doctorsUsing) throw conflict('IN_USE', 'errors.scheduling.specialityInUse', { clinics: clinicsUsing, doctors: doctorsUsing });
  const deleted = await deps.db.delete(specializations).where(and(eq(specializations.companyId, caller.companyId), eq(specializations.id, id))).returning({ id: specializations.id });
  if (!deleted.length) throw notFound();
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: 'specialization', entityId: id, changes: { before: auditable(before) } });
}
