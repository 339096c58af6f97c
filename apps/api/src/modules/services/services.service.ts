import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { pageWindow, type ServiceBulkInput, type ServiceCreate, type ServiceListQuery, type ServiceRecord, type ServiceUpdate } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, clinics, employees, serviceDoctors, services } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { AppError, conflict, validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import { likePattern, orderBy } from '../../lib/list.js';
import { nextPublicId } from '../../lib/public-id.js';
import { assertVersion, nextVersion, staleOrMissing } from '../../lib/versioning.js';

type ServiceRow = typeof services.$inferSelect;


const serviceNotFound = () => new AppError(404, 'NOT_FOUND', 'errors.scheduling.serviceNotFound');
const clinicNotFound = () => new AppError(404, 'CLINIC_NOT_FOUND', 'errors.scheduling.clinicNotFound');

const sortColumns = {
  _id: [services.createdAt, services.id],
  publicId: [services.publicId],
  name: [services.name, services.id],
  price: [services.price, services.id],
  isActive: [services.isActive, services.id],
  clinic: [clinics.name, services.id],
  createdAt: [services.createdAt, services.id],
  updatedAt: [services.updatedAt, services.id],
} as const;

/** The doctors of several services in one query, as `{ _id, name }` per service id. */
async function doctorsOf(db: Db, companyId: string, serviceIds: string[]) {
  const map = new Map<string, Array<{ _id: string; name: string }>>();
  if (!serviceIds.length) return map;
  const rows = await db
    .select({ serviceId: serviceDoctors.serviceId, _id: employees.id, name: employees.name })
    .from(serviceDoctors)
    .innerJoin(employees, and(eq(employees.companyId, serviceDoctors.companyId), eq(employees.id, serviceDoctors.employeeId)))
    .where(and(eq(serviceDoctors.companyId, companyId), inArray(serviceDoctors.serviceId, serviceIds)))
    .orderBy(employees.name);
  for (const r of rows) {
    const list = map.get(r.serviceId) ?? [];
    list.push({ _id: r._id, name: r.name });
    map.set(r.serviceId, list);
  }
  return map;
}

function toRecord(row: ServiceRow, clinicName: string, doctors: Array<{ _id: string; name: string }>): ServiceRecord {
  return {
    _id: row.id,
    publicId: row.publicId,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    durationMinutes: row.durationMinutes,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    isActive: row.isActive,
    clinic: { _id: row.clinicId, name: clinicName },
    doctors,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function listServices(deps: Deps, caller: Caller, q: ServiceListQuery) {
  const where: SQL[] = [eq(services.companyId, caller.companyId)];
  if (q.search) {
    const p = likePattern(q.search);
    where.push(or(ilike(services.name, p), ilike(services.publicId, p), ilike(services.description, p), ilike(clinics.name, p))!);
  }
  const filterActive = q.filter_fields?.isActive;
  const isActive = q.isActive ?? q.status ?? (typeof filterActive === 'boolean' ? filterActive : undefined);
  if (isActive !== undefined) where.push(eq(services.isActive, isActive));
  const clinicId = q.clinic ?? (typeof q.filter_fields?.clinic === 'string' ? q.filter_fields.clinic : undefined);
  if (clinicId !== undefined && !isId(clinicId)) throw validationFailed({ filter_fields: 'validation.invalidFilter' });
  if (clinicId) where.push(eq(services.clinicId, clinicId));
  if (q.doctor) {
    where.push(sql`exists (select 1 from ${serviceDoctors} sd where sd.company_id = ${services.companyId}
      and sd.service_id = ${services.id} and sd.employee_id = ${q.doctor})`);
  }
  const filter = and(...where);
  const w = pageWindow(q);
  const joinClinic = and(eq(clinics.companyId, services.companyId), eq(clinics.id, services.clinicId));
  const [rows, totals] = await Promise.all([
    deps.db
      .select({ service: services, clinicName: clinics.name })
      .from(services)
      .innerJoin(clinics, joinClinic)
      .where(filter)
      .orderBy(...orderBy([...sortColumns[q.sortBy]], q.order))
      .limit(w.limit)
      .offset(w.offset),
    deps.db.select({ n: count() }).from(services).innerJoin(clinics, joinClinic).where(filter),
  ]);
  const doctors = await doctorsOf(deps.db, caller.companyId, rows.map((r) => r.service.id));
  return {
    data: rows.map((r) => toRecord(r.service, r.clinicName, doctors.get(r.service.id) ?? [])),
    total: totals[0]?.n ?? 0,
  };
}

async function loadRow(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ service: services, clinicName: clinics.name })
    .from(services)
    .innerJoin(clinics, and(eq(clinics.companyId, services.companyId), eq(clinics.id, services.clinicId)))
    .where(and(eq(services.companyId, companyId), eq(services.id, id)))
    .limit(1);
  return row ?? null;
}

export async function getService(deps: Deps, caller: Caller, id: string): Promise<ServiceRecord> {
  const row = await loadRow(deps.db, caller.companyId, id);
  if (!row) throw serviceNotFound();
  const doctors = await doctorsOf(deps.db, caller.companyId, [id]);
  return toRecord(row.service, row.clinicName, doctors.get(id) ?? []);
}

async function requireClinic(db: Db, companyId: string, clinicId: string) {
  const [clinic] = await db
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId)))
    .limit(1);
  if (!clinic) throw clinicNotFound();
  return clinic;
}

/** Every id must be an active doctor of the caller's company; anything else is a field error. */
async function requireDoctors(db: Db, companyId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, unique), eq(employees.employeeType, 'Doctor'), eq(employees.isActive, true)));
  if (found.length !== unique.length) throw validationFailed({ doctors: 'validation.scheduling.unknownDoctors' });
  return unique;
}

const auditable = (r: ServiceRecord) => ({
  name: r.name, description: r.description, price: r.price, durationMinutes: r.durationMinutes, isActive: r.isActive,
  bufferBeforeMinutes: r.bufferBeforeMinutes, bufferAfterMinutes: r.bufferAfterMinutes,
  clinic: r.clinic._id, doctors: r.doctors.map((d) => d._id).sort(),
});

export async function createService(deps: Deps, req: FastifyRequest, caller: Caller, input: ServiceCreate): Promise<ServiceRecord> {
  await requireClinic(deps.db, caller.companyId, input.clinic);
  const doctorIds = await requireDoctors(deps.db, caller.companyId, input.doctors);
  const id = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const publicId = await nextPublicId(db, caller.companyId, 'service', 'SRV');
    const [row] = await db
      .insert(services)
      .values({
        companyId: caller.companyId,
        publicId,
        clinicId: input.clinic,
        name: input.name,
        description: input.description,
        price: String(input.price),
        durationMinutes: input.durationMinutes ?? null,
        bufferBeforeMinutes: input.bufferBeforeMinutes,
        bufferAfterMinutes: input.bufferAfterMinutes,
        isActive: input.isActive,
      })
      .returning({ id: services.id });
    if (!row) throw new Error('service insert returned nothing');
    await db.insert(serviceDoctors).values(doctorIds.map((employeeId) => ({ companyId: caller.companyId, serviceId: row.id, employeeId })));
    return row.id;
  });
  const record = await getService(deps, caller, id);
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'service', entityId: id, changes: { after: auditable(record) } });
  return record;
}

/** Changes the fields given, only while the service is at the version the change is based on (409 STALE_RECORD otherwise). */
export async function updateService(deps: Deps, req: FastifyRequest, caller: Caller, id: string, input: ServiceUpdate): Promise<ServiceRecord> {
  const before = await getService(deps, caller, id);
  assertVersion(before, input.version);
  if (input.clinic) await requireClinic(deps.db, caller.companyId, input.clinic);
  const doctorIds = input.doctors ? await requireDoctors(deps.db, caller.companyId, input.doctors) : null;
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const set: Partial<typeof services.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) set.name = input.name;
    if (input.description !== undefined) set.description = input.description;
    if (input.price !== undefined) set.price = String(input.price);
    if (input.durationMinutes !== undefined) set.durationMinutes = input.durationMinutes;
    if (input.bufferBeforeMinutes !== undefined) set.bufferBeforeMinutes = input.bufferBeforeMinutes;
    if (input.bufferAfterMinutes !== undefined) set.bufferAfterMinutes = input.bufferAfterMinutes;
    if (input.isActive !== undefined) set.isActive = input.isActive;
    if (input.clinic !== undefined) set.clinicId = input.clinic;
    const [updated] = await db.update(services).set({ ...set, version: nextVersion(services.version) })
      .where(and(eq(services.companyId, caller.companyId), eq(services.id, id), eq(services.version, input.version)))
      .returning({ id: services.id });
    if (!updated) return staleOrMissing(async () => Boolean(await loadRow(db, caller.companyId, id)), serviceNotFound);
    if (doctorIds) {
      await db.delete(serviceDoctors).where(and(eq(serviceDoctors.companyId, caller.companyId), eq(serviceDoctors.serviceId, id)));
      await db.insert(serviceDoctors).values(doctorIds.map((employeeId) => ({ companyId: caller.companyId, serviceId: id, employeeId })));
    }
  });
  const after = await getService(deps, caller, id);
  const changes = changedFields(auditable(before), auditable(after));
  if (changes) {
    await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'service', entityId: id, changes });
  }
  return after;
}

async function appointmentCounts(db: Db, companyId: string, serviceIds: string[]) {
  const rows = await db
    .select({ serviceId: appointments.serviceId, n: count() })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), inArray(appointments.serviceId, serviceIds)))
    .groupBy(appointments.serviceId);
  return new Map(rows.map((r) => [r.serviceId, Number(r.n)]));
}

export async function deleteService(deps: Deps, req: FastifyRequest, caller: Caller, id: string): Promise<void> {
  const before = await getService(deps, caller, id);
  const used = (await appointmentCounts(deps.db, caller.companyId, [id])).get(id) ?? 0;
  if (used > 0) throw conflict('IN_USE', 'errors.scheduling.serviceInUse', { count: used });
  const deleted = await deps.db.delete(services).where(and(eq(services.companyId, caller.companyId), eq(services.id, id))).returning({ id: services.id });
  if (!deleted.length) throw serviceNotFound();
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: 'service', entityId: id, changes: { before: auditable(before) } });
}

/**
 * Activates, deactivates or deletes several services at once: all of them or none. The statement that changes them
 * decides which ones change (a status switch only touches services not already in that status), and only those are
 * audited, so simultaneous requests never record the same change twice.
 */
export async function bulkServices(deps: Deps, req: FastifyRequest, caller: Caller, input: ServiceBulkInput) {
  const ids = [...new Set(input.ids)];
  const rows = await deps.db
    .select({ id: services.id, name: services.name, isActive: services.isActive })
    .from(services)
    .where(and(eq(services.companyId, caller.companyId), inArray(services.id, ids)));
  if (rows.length !== ids.length) throw serviceNotFound();
  if (input.action === 'delete') {
    const used = await appointmentCounts(deps.db, caller.companyId, ids);
    const blocked = rows.filter((r) => (used.get(r.id) ?? 0) > 0);
    if (blocked.length) throw conflict('IN_USE', 'errors.scheduling.servicesInUse', { names: blocked.map((r) => r.name).join(', ') });
  }
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const audit = (id: string, changes: Record<string, unknown>) => recordAudit(tx, req, {
      companyId: caller.companyId, actorId: caller.id, action: input.action === 'delete' ? 'delete' : 'update', entity: 'service', entityId: id, changes,
    });
    if (input.action === 'delete') {
      const deleted = await tx.delete(services).where(and(eq(services.companyId, caller.companyId), inArray(services.id, ids))).returning({ id: services.id, name: services.name });
      // Another request removed some of them meanwhile: nothing is deleted.
      if (deleted.length !== ids.length) throw serviceNotFound();
      for (const r of deleted) await audit(r.id, { before: { name: r.name } });
      return;
    }
    const isActive = input.action === 'activate';
    const changed = await tx
      .update(services)
      .set({ isActive, updatedAt: new Date(), version: nextVersion(services.version) })
      .where(and(eq(services.companyId, caller.companyId), inArray(services.id, ids), eq(services.isActive, !isActive)))
      .returning({ id: services.id });
    for (const r of changed) await audit(r.id, { before: { isActive: !isActive }, after: { isActive } });
  });
  return { action: input.action, count: rows.length };
}
