import {
  allergyState, substanceKey, unconfirmedRegistrationAllergies, type Allergy, type AllergyCreate, type AllergyState, type AllergyUpdate,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { AppError, conflict, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleOrMissing } from '../../lib/versioning.js';
import {
  activeAllergyCount, findAllergies, findAllergy, findAllergyState, insertAllergy, lockAllergyState, registrationAllergies, setNoKnownAllergies,
  updateAllergyAtVersion, type AllergyRow,
} from './observations.repository.js';
import { auditPatientRead, requireBirthDate } from './patient-access.js';
import { assertEncounterOfPatient } from '../encounters/index.js';

const ENTITY = 'patient_allergy';
const allergyNotFound = () => new AppError(404, 'NOT_FOUND', 'errors.clinical.allergyNotFound');

function toAllergy(r: AllergyRow): Allergy {
  const a = r.row;
  return {
    _id: a.id, substance: a.substance, substanceKey: a.substanceKey, type: a.type as Allergy['type'], reaction: a.reaction,
    severity: a.severity as Allergy['severity'], status: a.status as Allergy['status'], encounterId: a.encounterId,
    recordedBy: a.recordedBy ? { _id: a.recordedBy, name: r.recorderName ?? '' } : null,
    recordedAt: a.recordedAt.toISOString(), updatedAt: a.updatedAt.toISOString(), version: a.version,
  };
}

const auditable = (a: Allergy) => ({ substance: a.substance, type: a.type, reaction: a.reaction, severity: a.severity, status: a.status });

/** The patient's allergy state and entries (no audit: the caller audits the read it is part of). */
export async function allergyStateOf(db: Db, companyId: string, patientId: string): Promise<AllergyState> {
  const [rows, state, told] = await Promise.all([
    findAllergies(db, companyId, patientId), findAllergyState(db, companyId, patientId), registrationAllergies(db, companyId, patientId),
  ]);
  const allergies = rows.map(toAllergy);
  const nka = Boolean(state?.state.noKnownAllergies);
  const kind = allergyState(allergies, nka);
  return {
    state: kind,
    noKnownAllergies: kind === 'none' && state?.state.recordedAt
      ? { recordedAt: state.state.recordedAt.toISOString(), recordedBy: state.state.recordedBy ? { _id: state.state.recordedBy, name: state.recorderName ?? '' } : null }
      : null,
    allergies,
    toldAtRegistration: unconfirmedRegistrationAllergies(told, allergies),
  };
}

export async function readAllergies(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string): Promise<AllergyState> {
  await requireBirthDate(deps.db, caller.companyId, patientId);
  const state = await allergyStateOf(deps.db, caller.companyId, patientId);
  await auditPatientRead(deps.db, ctx, caller, patientId, 'allergies');
  return state;
}

/** Records an allergy; an active one clears "no known allergies" in the same transaction (audited). */
export async function createAllergy(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, input: AllergyCreate): Promise<Allergy> {
  await requireBirthDate(deps.db, caller.companyId, patientId);
  await assertEncounterOfPatient(deps.db, caller.companyId, input.encounterId, patientId);
  return inTransaction(deps.db, async (db) => {
    const lock = await lockAllergyState(db, caller.companyId, patientId);
    const id = await insertAllergy(db, caller.companyId, {
      patientId, encounterId: input.encounterId ?? null, substance: input.substance, substanceKey: substanceKey(input.substance),
      type: input.type, reaction: input.reaction || null, severity: input.severity ?? null, status: input.status, recordedBy: caller.id,
    });
    if (!id) throw validationFailed({ substance: 'validation.allergies.duplicate' });
    const clearsNka = lock.noKnownAllergies && input.status === 'active';
    if (clearsNka) await setNoKnownAllergies(db, caller.companyId, patientId, false, null);
    const allergy = toAllergy((await findAllergy(db, caller.companyId, patientId, id))!);
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: ENTITY, entityId: id,
      changes: { patientId, after: auditable(allergy), ...(clearsNka ? { noKnownAllergiesCleared: true } : {}) },
    });
    return allergy;
  });
}

/** Changes reaction, severity, type or status at the version the change is based on (409 STALE_RECORD otherwise). */
export async function updateAllergy(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, id: string, input: AllergyUpdate): Promise<Allergy> {
  await requireBirthDate(deps.db, caller.companyId, patientId);
  return inTransaction(deps.db, async (db) => {
    const lock = await lockAllergyState(db, caller.companyId, patientId);
    const before = await findAllergy(db, caller.companyId, patientId, id);
    if (!before) throw allergyNotFound();
    const { version, reason, ...fields } = input;
    const changes = { ...fields, ...(fields.reaction !== undefined ? { reaction: fields.reaction || null } : {}) };
    if (!(await updateAllergyAtVersion(db, caller.companyId, patientId, id, version, changes))) {
      return staleOrMissing(async () => Boolean(await findAllergy(db, caller.companyId, patientId, id)), allergyNotFound);
    }
    const clearsNka = lock.noKnownAllergies && fields.status === 'active';
    if (clearsNka) await setNoKnownAllergies(db, caller.companyId, patientId, false, null);
    const after = toAllergy((await findAllergy(db, caller.companyId, patientId, id))!);
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: ENTITY, entityId: id,
      changes: { patientId, ...changedFields(auditable(toAllergy(before)), auditable(after)), ...(reason ? { reason } : {}), ...(clearsNka ? { noKnownAllergiesCleared: true } : {}) },
    });
    return after;
  });
}

/** Records "no known allergies" (who, when); refused while an allergy is active. */
export async function recordNoKnownAllergies(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string): Promise<AllergyState> {
  await requireBirthDate(deps.db, caller.companyId, patientId);
  return inTransaction(deps.db, async (db) => {
    await lockAllergyState(db, caller.companyId, patientId);
    if ((await activeAllergyCount(db, caller.companyId, patientId)) > 0) throw conflict('CONFLICT', 'errors.clinical.noKnownAllergiesWithActive');
    await setNoKnownAllergies(db, caller.companyId, patientId, true, caller.id);
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'no_known_allergies', entity: 'patient', entityId: patientId });
    return allergyStateOf(db, caller.companyId, patientId);
  });
}
