import type {
  Ref, SpecializationCreate, SpecializationDetails, SpecializationListQuery, SpecializationRecord, SpecializationUpdate,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { AppError, conflict, validationFailed } from '../../lib/errors.js';
import { nextPublicId } from '../../lib/public-id.js';
import { dependentsText } from '../organisation/index.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import {
  deleteSpecializationRow, employeeCount, findSpecialization, findSpecializationPage, insertRequiredStaff, insertSpecialization,
  replaceRequiredStaff, specializationClinics, specializationDoctors, specializationExists, specializationUse, staffOf,
  updateSpecializationAtVersion, type SpecializationRow,
} from './specializations.repository.js';

const notFound = () => new AppError(404, 'NOT_FOUND', 'errors.scheduling.specialityNotFound');

function toRecord(row: SpecializationRow, staff: Ref[]): SpecializationRecord {
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
  const { rows, total } = await findSpecializationPage(deps.db, caller.companyId, q);
  const staff = await staffOf(deps.db, caller.companyId, rows.map((r) => r.id));
  return { data: rows.map((r) => toRecord(r, staff.get(r.id) ?? [])), total };
}

async function loadRow(db: Db, companyId: string, id: string) {
  const row = await findSpecialization(db, companyId, id);
  if (!row) throw notFound();
  return row;
}

export async function getSpecialization(deps: Deps, caller: Caller, id: string): Promise<SpecializationDetails> {
  const row = await loadRow(deps.db, caller.companyId, id);
  const [staff, clinicRows, doctorRows] = await Promise.all([
    staffOf(deps.db, caller.companyId, [id]),
    specializationClinics(deps.db, caller.companyId, id),
    specializationDoctors(deps.db, caller.companyId, id),
  ]);
  return { ...toRecord(row, staff.get(id) ?? []), clinics: clinicRows, doctors: doctorRows };
}

/** Required staff must be employees of the caller's company. */
async function requireStaff(db: Db, companyId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if ((await employeeCount(db, companyId, unique)) !== unique.length) throw validationFailed({ requiredStaff: 'validation.scheduling.unknownStaff' });
  return unique;
}

const auditable = (r: SpecializationRecord) => ({
  name: r.name, description: r.description, certificationRequirements: r.certificationRequirements, medicalProcedures: r.medicalProcedures,
  requiredEquipment: r.requiredEquipment, isActive: r.isActive, requiredStaff: r.requiredStaff.map((s) => s._id).sort(),
});

export async function createSpecialization(deps: Deps, ctx: RequestContext, caller: Caller, input: SpecializationCreate) {
  const staffIds = await requireStaff(deps.db, caller.companyId, input.requiredStaff);
  return inTransaction(deps.db, async (db) => {
    const publicId = await nextPublicId(db, caller.companyId, 'specialization', 'SPC');
    const specializationId = await insertSpecialization(db, caller.companyId, publicId, {
      name: input.name,
      description: input.description,
      certificationRequirements: input.certificationRequirements,
      medicalProcedures: input.medicalProcedures,
      requiredEquipment: input.requiredEquipment,
      isActive: input.isActive,
    });
    await insertRequiredStaff(db, caller.companyId, specializationId, staffIds);
    const record = await getSpecialization(withDb(deps, db), caller, specializationId);
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'specialization', entityId: specializationId, changes: { after: auditable(record) } });
    return record;
  });
}

/** Changes the fields given, only while the speciality is at the version the change is based on (409 STALE_RECORD otherwise). */
export async function updateSpecialization(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: SpecializationUpdate) {
  const before = await getSpecialization(deps, caller, id);
  assertVersion(before, input.version);
  const staffIds = input.requiredStaff ? await requireStaff(deps.db, caller.companyId, input.requiredStaff) : null;
  return inTransaction(deps.db, async (db) => {
    const { requiredStaff: _staff, version, ...fields } = input;
    if (!(await updateSpecializationAtVersion(db, caller.companyId, id, version, fields))) {
      return staleOrMissing(() => specializationExists(db, caller.companyId, id), notFound);
    }
    if (staffIds) await replaceRequiredStaff(db, caller.companyId, id, staffIds);
    const after = await getSpecialization(withDb(deps, db), caller, id);
    const b = auditable(before);
    const a = auditable(after);
    const changed = (Object.keys(a) as Array<keyof typeof a>).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
    if (changed.length) {
      await recordAudit(db, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'specialization', entityId: id,
        changes: { before: Object.fromEntries(changed.map((k) => [k, b[k]])), after: Object.fromEntries(changed.map((k) => [k, a[k]])) },
      });
    }
    return after;
  });
}

export async function deleteSpecialization(deps: Deps, ctx: RequestContext, caller: Caller, id: string) {
  const before = await getSpecialization(deps, caller, id);
  const { clinics: clinicsUsing, doctors: doctorsUsing } = await specializationUse(deps.db, caller.companyId, id);
  const what = dependentsText(ctx, { clinics: clinicsUsing, doctors: doctorsUsing });
  if (what) throw conflict('IN_USE', 'errors.scheduling.specialityInUse', { what });
  await inTransaction(deps.db, async (tx) => {
    if (!(await deleteSpecializationRow(tx, caller.companyId, id))) throw notFound();
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: 'specialization', entityId: id, changes: { before: auditable(before) } });
  });
}
