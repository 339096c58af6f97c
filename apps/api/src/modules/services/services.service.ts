import type { Ref, ServiceBulkInput, ServiceCreate, ServiceListQuery, ServiceRecord, ServiceUpdate } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { AppError, conflict, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { isId } from '../../lib/validation.js';
import { nextPublicId } from '../../lib/public-id.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import {
  activeDoctorCount, appointmentCounts, deleteServiceRows, doctorsOf, findClinicRef, findServicePage, findServiceRow, findServicesByIds,
  insertService, insertServiceDoctors, replaceServiceDoctors, setServicesActive, updateServiceAtVersion, type ServiceColumns,
  type ServiceRow,
} from './services.repository.js';

const serviceNotFound = () => new AppError(404, 'NOT_FOUND', 'errors.scheduling.serviceNotFound');
const clinicNotFound = () => new AppError(404, 'CLINIC_NOT_FOUND', 'errors.scheduling.clinicNotFound');

function toRecord(row: ServiceRow, clinicName: string, doctors: Ref[]): ServiceRecord {
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
  const clinicId = q.clinic ?? (typeof q.filter_fields?.clinic === 'string' ? q.filter_fields.clinic : undefined);
  if (clinicId !== undefined && !isId(clinicId)) throw validationFailed({ filter_fields: 'validation.invalidFilter' });
  const { rows, total } = await findServicePage(deps.db, caller.companyId, q, clinicId);
  const doctors = await doctorsOf(deps.db, caller.companyId, rows.map((r) => r.service.id));
  return {
    data: rows.map((r) => toRecord(r.service, r.clinicName, doctors.get(r.service.id) ?? [])),
    total,
  };
}

export async function getService(deps: Deps, caller: Caller, id: string): Promise<ServiceRecord> {
  const row = await findServiceRow(deps.db, caller.companyId, id);
  if (!row) throw serviceNotFound();
  const doctors = await doctorsOf(deps.db, caller.companyId, [id]);
  return toRecord(row.service, row.clinicName, doctors.get(id) ?? []);
}

async function requireClinic(db: Db, companyId: string, clinicId: string) {
  const clinic = await findClinicRef(db, companyId, clinicId);
  if (!clinic) throw clinicNotFound();
  return clinic;
}

/** Every id must be an active doctor of the caller's company; anything else is a field error. */
async function requireDoctors(db: Db, companyId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if ((await activeDoctorCount(db, companyId, unique)) !== unique.length) throw validationFailed({ doctors: 'validation.scheduling.unknownDoctors' });
  return unique;
}

const auditable = (r: ServiceRecord) => ({
  name: r.name, description: r.description, price: r.price, durationMinutes: r.durationMinutes, isActive: r.isActive,
  bufferBeforeMinutes: r.bufferBeforeMinutes, bufferAfterMinutes: r.bufferAfterMinutes,
  clinic: r.clinic._id, doctors: r.doctors.map((d) => d._id).sort(),
});

export async function createService(deps: Deps, ctx: RequestContext, caller: Caller, input: ServiceCreate): Promise<ServiceRecord> {
  await requireClinic(deps.db, caller.companyId, input.clinic);
  const doctorIds = await requireDoctors(deps.db, caller.companyId, input.doctors);
  return inTransaction(deps.db, async (db) => {
    const publicId = await nextPublicId(db, caller.companyId, 'service', 'SRV');
    const serviceId = await insertService(db, caller.companyId, publicId, {
      clinicId: input.clinic,
      name: input.name,
      description: input.description,
      price: String(input.price),
      durationMinutes: input.durationMinutes ?? null,
      bufferBeforeMinutes: input.bufferBeforeMinutes,
      bufferAfterMinutes: input.bufferAfterMinutes,
      isActive: input.isActive,
    });
    await insertServiceDoctors(db, caller.companyId, serviceId, doctorIds);
    const record = await getService(withDb(deps, db), caller, serviceId);
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'service', entityId: serviceId, changes: { after: auditable(record) } });
    return record;
  });
}

/** Changes the fields given, only while the service is at the version the change is based on (409 STALE_RECORD otherwise). */
export async function updateService(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: ServiceUpdate): Promise<ServiceRecord> {
  const before = await getService(deps, caller, id);
  assertVersion(before, input.version);
  if (input.clinic) await requireClinic(deps.db, caller.companyId, input.clinic);
  const doctorIds = input.doctors ? await requireDoctors(deps.db, caller.companyId, input.doctors) : null;
  return inTransaction(deps.db, async (db) => {
    const set: Partial<ServiceColumns> = { updatedAt: new Date() };
    if (input.name !== undefined) set.name = input.name;
    if (input.description !== undefined) set.description = input.description;
    if (input.price !== undefined) set.price = String(input.price);
    if (input.durationMinutes !== undefined) set.durationMinutes = input.durationMinutes;
    if (input.bufferBeforeMinutes !== undefined) set.bufferBeforeMinutes = input.bufferBeforeMinutes;
    if (input.bufferAfterMinutes !== undefined) set.bufferAfterMinutes = input.bufferAfterMinutes;
    if (input.isActive !== undefined) set.isActive = input.isActive;
    if (input.clinic !== undefined) set.clinicId = input.clinic;
    if (!(await updateServiceAtVersion(db, caller.companyId, id, input.version, set))) {
      return staleOrMissing(async () => Boolean(await findServiceRow(db, caller.companyId, id)), serviceNotFound);
    }
    if (doctorIds) await replaceServiceDoctors(db, caller.companyId, id, doctorIds);
    const after = await getService(withDb(deps, db), caller, id);
    const changes = changedFields(auditable(before), auditable(after));
    if (changes) {
      await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'service', entityId: id, changes });
    }
    return after;
  });
}

export async function deleteService(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<void> {
  const before = await getService(deps, caller, id);
  const used = (await appointmentCounts(deps.db, caller.companyId, [id])).get(id) ?? 0;
  if (used > 0) throw conflict('IN_USE', 'errors.scheduling.serviceInUse', { count: used });
  await inTransaction(deps.db, async (tx) => {
    const deleted = await deleteServiceRows(tx, caller.companyId, [id]);
    if (!deleted.length) throw serviceNotFound();
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: 'service', entityId: id, changes: { before: auditable(before) } });
  });
}

/**
 * Activates, deactivates or deletes several services at once: all of them or none. The statement that changes them
 * decides which ones change (a status switch only touches services not already in that status), and only those are
 * audited, so simultaneous requests never record the same change twice.
 */
export async function bulkServices(deps: Deps, ctx: RequestContext, caller: Caller, input: ServiceBulkInput) {
  const ids = [...new Set(input.ids)];
  const rows = await findServicesByIds(deps.db, caller.companyId, ids);
  if (rows.length !== ids.length) throw serviceNotFound();
  if (input.action === 'delete') {
    const used = await appointmentCounts(deps.db, caller.companyId, ids);
    const blocked = rows.filter((r) => (used.get(r.id) ?? 0) > 0);
    if (blocked.length) throw conflict('IN_USE', 'errors.scheduling.servicesInUse', { names: blocked.map((r) => r.name).join(', ') });
  }
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const audit = (id: string, changes: Record<string, unknown>) => recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: input.action === 'delete' ? 'delete' : 'update', entity: 'service', entityId: id, changes,
    });
    if (input.action === 'delete') {
      const deleted = await deleteServiceRows(tx, caller.companyId, ids);
      // Another request removed some of them meanwhile: nothing is deleted.
      if (deleted.length !== ids.length) throw serviceNotFound();
      for (const r of deleted) await audit(r.id, { before: { name: r.name } });
      return;
    }
    const isActive = input.action === 'activate';
    const changed = await setServicesActive(tx, caller.companyId, ids, isActive);
    for (const r of changed) await audit(r.id, { before: { isActive: !isActive }, after: { isActive } });
  });
  return { action: input.action, count: rows.length };
}
