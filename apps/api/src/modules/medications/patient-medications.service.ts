import {
  normalizeDrugName, type PatientMedicationCreate, type PatientMedicationListQuery, type PatientMedicationRecord,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import { todayIn } from '../patients/index.js';
import {
  closePatientMedication, findMedication, findPatientMedication, findPatientMedicationPage, insertPatientMedication, patientExists, type EntryRow,
} from './medications.repository.js';
import { assertEncounterOfPatient, assertNotSensitiveEncounterFor } from '../encounters/index.js';

const entryNotFound = () => new AppError(404, 'MEDICATION_NOT_FOUND', 'errors.medications.notFound');

/** An entry as the API answers it; `restricted` (another doctor's sensitive encounter) comes without what it says (see entryQuery). */
function toRecord({ entry: e, creatorName, changerName, nameAr, restricted }: EntryRow): PatientMedicationRecord {
  return {
    _id: e.id,
    patient: e.patientId,
    medication: e.medicationId ? { _id: e.medicationId, name: e.name } : null,
    name: e.name, nameAr, genericName: e.genericName, strength: e.strength, form: e.form,
    dose: e.dose === null ? null : Number(e.dose),
    unit: e.unit as PatientMedicationRecord['unit'],
    route: e.route as PatientMedicationRecord['route'],
    frequency: e.frequency as PatientMedicationRecord['frequency'],
    startDate: e.startDate,
    endDate: e.endDate,
    notes: e.notes,
    status: e.status as PatientMedicationRecord['status'],
    statusReason: e.statusReason,
    statusChangedBy: e.statusChangedBy ? { _id: e.statusChangedBy, name: changerName ?? '' } : null,
    statusChangedAt: e.statusChangedAt?.toISOString() ?? null,
    source: e.source as PatientMedicationRecord['source'],
    prescription: e.prescriptionId,
    encounter: e.encounterId,
    createdBy: e.createdBy ? { _id: e.createdBy, name: creatorName ?? '' } : null,
    createdAt: e.createdAt.toISOString(),
    version: e.version,
    ...(restricted ? { restricted: true } : {}),
  };
}

async function requirePatient(db: Db, caller: Caller, patientId: string) {
  if (!(await patientExists(db, caller.companyId, patientId))) throw notFound();
}

/**
 * A patient's medications, active first; one recorded at another doctor's sensitive encounter is masked. Reading them
 * is a read of the patient's clinical record: audited.
 */
export async function listPatientMedications(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, q: PatientMedicationListQuery) {
  await requirePatient(deps.db, caller, patientId);
  const { rows, total } = await findPatientMedicationPage(deps.db, caller.companyId, patientId, q, caller.id);
  await recordAudit(deps.db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'read', entity: 'patient', entityId: patientId, changes: { part: 'medications' } });
  return { data: rows.map(toRecord), total };
}

const auditable = (r: PatientMedicationRecord) => ({
  name: r.name, medication: r.medication?._id ?? null, dose: r.dose, unit: r.unit, route: r.route, frequency: r.frequency,
  startDate: r.startDate, endDate: r.endDate, status: r.status, statusReason: r.statusReason, encounter: r.encounter,
});

/**
 * Adds a medication by hand: a drug of the catalogue (in use) or a name written by hand. Adding one to another doctor's
 * sensitive encounter is refused (403 SENSITIVE_NOTE) as every change to what it recorded is.
 */
export async function addPatientMedication(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, input: PatientMedicationCreate): Promise<PatientMedicationRecord> {
  await requirePatient(deps.db, caller, patientId);
  const today = todayIn(caller.timeZone);
  const startDate = input.startDate ?? today;
  if (input.endDate && input.endDate < startDate) throw validationFailed({ endDate: 'validation.medications.endBeforeStart' });
  await assertEncounterOfPatient(deps.db, caller.companyId, input.encounter, patientId, 'encounter');
  if (input.encounter) await assertNotSensitiveEncounterFor(deps.db, caller.companyId, input.encounter, caller.id);
  return inTransaction(deps.db, async (db) => {
    let drug = { name: input.name ?? '', genericName: '', strength: '', form: '' };
    if (input.medication) {
      const row = await findMedication(db, caller.companyId, input.medication);
      if (!row) throw validationFailed({ medication: 'validation.medications.medicationUnknown' });
      if (!row.isActive) throw validationFailed({ medication: 'validation.medications.medicationInactive' });
      drug = { name: row.name, genericName: row.genericName, strength: row.strength, form: row.form };
    }
    const id = await insertPatientMedication(db, {
      companyId: caller.companyId, patientId, medicationId: input.medication ?? null,
      ...drug, nameKey: normalizeDrugName(drug.name), genericKey: normalizeDrugName(drug.genericName),
      dose: input.dose === undefined ? null : String(input.dose), unit: input.unit ?? null, route: input.route, frequency: input.frequency,
      startDate, endDate: input.endDate ?? null, notes: input.notes ?? '', source: 'manual', encounterId: input.encounter ?? null, createdBy: caller.id,
    });
    const record = toRecord((await findPatientMedication(db, caller.companyId, id, caller.id))!);
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'patient_medication', entityId: id, changes: { patient: patientId, after: auditable(record) } });
    return record;
  });
}

/**
 * Stops (with a reason) or completes an active medication. The statement re-checks that it is still active and at the
 * version the change is based on: a second stop, or a stop of what another user just changed, changes nothing (409).
 * One recorded at another doctor's sensitive encounter is changed only by its doctor or through a break-the-glass
 * grant (403 SENSITIVE_NOTE otherwise, nothing changed).
 */
export async function closeMedication(
  deps: Deps, ctx: RequestContext, caller: Caller, id: string, status: 'stopped' | 'completed', input: { reason?: string | undefined; version: number },
): Promise<PatientMedicationRecord> {
  return inTransaction(deps.db, async (db) => {
    const before = await findPatientMedication(db, caller.companyId, id, caller.id);
    if (!before) throw entryNotFound();
    if (before.entry.encounterId) await assertNotSensitiveEncounterFor(db, caller.companyId, before.entry.encounterId, caller.id);
    const done = await closePatientMedication(db, caller.companyId, id, { status, reason: input.reason ?? '', by: caller.id, version: input.version, today: todayIn(caller.timeZone) });
    if (!done) {
      const now = await findPatientMedication(db, caller.companyId, id, caller.id);
      if (!now) throw entryNotFound();
      if (now.entry.status !== 'active') throw new AppError(409, 'MEDICATION_NOT_ACTIVE', 'errors.medications.notActive');
      throw staleRecord();
    }
    const after = toRecord((await findPatientMedication(db, caller.companyId, id, caller.id))!);
    const b = auditable(toRecord(before));
    const a = auditable(after);
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: status === 'stopped' ? 'stop' : 'complete', entity: 'patient_medication', entityId: id,
      changes: { patient: done.patientId, before: { status: b.status, endDate: b.endDate }, after: { status: a.status, endDate: a.endDate, statusReason: a.statusReason } },
    });
    return after;
  });
}
