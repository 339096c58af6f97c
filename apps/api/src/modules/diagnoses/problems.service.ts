import {
  ENCOUNTER_DIAGNOSES_MAX, PATIENT_PROBLEMS_MAX, todayIn, type DiagnosisRank, type EncounterDiagnosisRecord, type PatientProblemRecord,
  type encounterDiagnosisInput, type encounterDiagnosisUpdateInput, type patientProblemInput, type patientProblemUpdateInput,
} from '@clinic/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleOrMissing } from '../../lib/versioning.js';
import { toCodeRecord } from './diagnosis-codes.service.js';
import {
  deleteDiagnosisRow, diagnosisCount, encounterDiagnosesOf, ensureActiveProblem, findCode, findDiagnosis, findProblem,
  insertDiagnosis, insertProblem, patientExists, problemsOf, updateDiagnosisRow, updateProblemAtVersion, type ProblemRow, type ShownProblemRow,
} from './problems.repository.js';
import { assertEncounterOfPatient, assertEncounterOpen, assertNotSensitiveEncounterFor } from '../encounters/index.js';

type DiagnosisInput = z.output<typeof encounterDiagnosisInput>;
type DiagnosisUpdate = z.output<typeof encounterDiagnosisUpdateInput>;
type ProblemUpdate = z.output<typeof patientProblemUpdateInput>;

const patientNotFound = () => new AppError(404, 'PATIENT_NOT_FOUND', 'errors.scheduling.patientNotFound');
const diagnosisNotFound = () => new AppError(404, 'DIAGNOSIS_NOT_FOUND', 'errors.diagnoses.diagnosisNotFound');
const problemNotFound = () => new AppError(404, 'PROBLEM_NOT_FOUND', 'errors.diagnoses.problemNotFound');

async function requirePatient(db: Db, caller: Caller, patientId: string) {
  if (!(await patientExists(db, caller.companyId, patientId))) throw patientNotFound();
}

/** Reading clinical content is a read of the patient's record, audited as one (which part in `changes`). */
const auditRead = (db: Db, ctx: RequestContext, caller: Caller, patientId: string, part: string, extra: Record<string, string> = {}) =>
  recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'read', entity: 'patient', entityId: patientId, changes: { part, ...extra } });

type DiagnosisJoin = NonNullable<Awaited<ReturnType<typeof findDiagnosis>>>;
/** A diagnosis as recorded (its writer's answer), or as a list shows it (masked: no code, no note). */
type ShownDiagnosis = {
  d: Pick<DiagnosisJoin['d'], 'id' | 'patientId' | 'encounterId' | 'rank' | 'createdAt'> & { note: string | null };
  c: DiagnosisJoin['c'] | null;
  restricted?: boolean;
};
const toDiagnosisRecord = ({ d, c, restricted = false }: ShownDiagnosis): EncounterDiagnosisRecord => ({
  _id: d.id, patientId: d.patientId, encounterId: d.encounterId, rank: d.rank as DiagnosisRank, createdAt: d.createdAt.toISOString(),
  ...(restricted || !c ? { note: null, code: null, restricted: true } : { note: d.note, code: toCodeRecord(c), restricted: false }),
});

/** A problem as stored (its writer's answer), or as a list shows it (`restricted`: no code, no titles). */
export const toProblemRecord = (r: ProblemRow | ShownProblemRow): PatientProblemRecord => ({
  _id: r.id, patientId: r.patientId, codeId: r.codeId, code: r.code, titleEn: r.titleEn, titleAr: r.titleAr,
  restricted: 'restricted' in r ? r.restricted : false,
  status: r.status as PatientProblemRecord['status'], onsetDate: r.onsetDate, resolvedDate: r.resolvedDate,
  sourceEncounterId: r.sourceEncounterId, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(), version: r.version,
});

/** An encounter's diagnoses; those of another doctor's sensitive encounter are masked (see encounterDiagnosesOf). */
export async function listEncounterDiagnoses(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, encounterId: string) {
  await requirePatient(deps.db, caller, patientId);
  const rows = await encounterDiagnosesOf(deps.db, caller.companyId, patientId, encounterId, caller.id);
  await auditRead(deps.db, ctx, caller, patientId, 'diagnoses', { encounterId });
  return rows.map(toDiagnosisRecord);
}

/** The problem list; a problem made by another doctor's sensitive encounter is masked (see problemsOf). */
export async function listProblems(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string) {
  await requirePatient(deps.db, caller, patientId);
  const rows = await problemsOf(deps.db, caller.companyId, patientId, PATIENT_PROBLEMS_MAX, caller.id);
  await auditRead(deps.db, ctx, caller, patientId, 'problems');
  return rows.map(toProblemRecord);
}

/** The database's own refusals of a diagnosis (two writers at once), as the refusals the checks give. */
/** True when the error (or one it wraps) is the database refusing on the named constraint. */
function violated(err: unknown, constraint: string): boolean {
  for (let e = err as { constraint?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.constraint === constraint || String(e.message ?? '').includes(constraint)) return true;
  }
  return false;
}

function diagnosisConflict(err: unknown): never {
  if (violated(err, 'encounter_diagnoses_primary_uq')) throw new AppError(409, 'PRIMARY_DIAGNOSIS_TAKEN', 'errors.diagnoses.primaryTaken');
  if (violated(err, 'encounter_diagnoses_code_uq')) throw new AppError(409, 'DIAGNOSIS_REPEATED', 'errors.diagnoses.repeated');
  throw err;
}

/**
 * Records a diagnosis at an encounter and keeps the code on the patient's active problems (made when it is not there
 * yet). One primary per encounter and one row per code are the database's rules, so two doctors at once cannot break
 * them; the diagnosis, the problem and the audit row commit together.
 */
export async function addDiagnosis(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, input: DiagnosisInput) {
  await requirePatient(deps.db, caller, patientId);
  await assertEncounterOfPatient(deps.db, caller.companyId, input.encounterId, patientId);
  // Also what a refusal would tell (this code is already recorded there) is the sensitive encounter's.
  await assertNotSensitiveEncounterFor(deps.db, caller.companyId, input.encounterId, caller.id);
  try {
    return await inTransaction(deps.db, async (db) => {
      // One diagnosis of the encounter at a time: the count below then holds when two are added at once.
      await assertEncounterOpen(db, caller.companyId, input.encounterId, { exclusive: true });
      const code = await findCode(db, caller.companyId, input.codeId);
      if (!code || !code.isActive) throw validationFailed({ codeId: 'validation.diagnoses.codeUnknown' });
      if ((await diagnosisCount(db, caller.companyId, input.encounterId)) >= ENCOUNTER_DIAGNOSES_MAX) {
        throw new AppError(409, 'DIAGNOSES_TOO_MANY', 'errors.diagnoses.tooMany', { max: ENCOUNTER_DIAGNOSES_MAX });
      }
      const id = await insertDiagnosis(db, {
        companyId: caller.companyId, patientId, encounterId: input.encounterId, codeId: code.id, rank: input.rank, note: input.note, createdBy: caller.id,
      });
      const problemId = await ensureActiveProblem(db, caller.companyId, patientId, code, input.encounterId);
      await recordAudit(db, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'encounter_diagnosis', entityId: id,
        changes: { patientId, encounterId: input.encounterId, code: code.code, rank: input.rank, problemCreated: problemId },
      });
      return toDiagnosisRecord((await findDiagnosis(db, caller.companyId, patientId, id))!);
    });
  } catch (err) {
    return diagnosisConflict(err);
  }
}

export async function updateDiagnosis(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, id: string, input: DiagnosisUpdate) {
  try {
    return await inTransaction(deps.db, async (db) => {
      const before = await findDiagnosis(db, caller.companyId, patientId, id);
      if (!before) throw diagnosisNotFound();
      await assertNotSensitiveEncounterFor(db, caller.companyId, before.d.encounterId, caller.id);
      await assertEncounterOpen(db, caller.companyId, before.d.encounterId);
      await updateDiagnosisRow(db, caller.companyId, id, input);
      const after = (await findDiagnosis(db, caller.companyId, patientId, id))!;
      await recordAudit(db, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'encounter_diagnosis', entityId: id,
        // The encounter named, so the log masks the entry at a sensitive visit even once the diagnosis is removed.
        changes: { encounterId: before.d.encounterId, ...changedFields({ rank: before.d.rank, note: before.d.note }, { rank: after.d.rank, note: after.d.note }) },
      });
      return toDiagnosisRecord(after);
    });
  } catch (err) {
    return diagnosisConflict(err);
  }
}

/** Removes a diagnosis recorded by mistake; the problem it made stays on the list (resolve it there). */
export async function removeDiagnosis(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, id: string) {
  await inTransaction(deps.db, async (db) => {
    const before = await findDiagnosis(db, caller.companyId, patientId, id);
    if (before) await assertNotSensitiveEncounterFor(db, caller.companyId, before.d.encounterId, caller.id);
    if (before) await assertEncounterOpen(db, caller.companyId, before.d.encounterId);
    if (!before || !(await deleteDiagnosisRow(db, caller.companyId, patientId, id))) throw diagnosisNotFound();
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: 'encounter_diagnosis', entityId: id,
      changes: { patientId, encounterId: before.d.encounterId, code: before.c.code, rank: before.d.rank },
    });
  });
}

/**
 * Puts a condition on the patient's problem list directly (history from elsewhere): refused when the code is already
 * an active problem (the partial unique index decides, so two at once still make one).
 */
export async function addProblem(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, input: z.output<typeof patientProblemInput>) {
  await requirePatient(deps.db, caller, patientId);
  const today = todayIn(caller.timeZone, clockNow(deps));
  if (input.onsetDate && input.onsetDate > today) throw validationFailed({ onsetDate: 'validation.diagnoses.onsetInFuture' });
  return inTransaction(deps.db, async (db) => {
    const code = await findCode(db, caller.companyId, input.codeId);
    if (!code || !code.isActive) throw validationFailed({ codeId: 'validation.diagnoses.codeUnknown' });
    const id = await insertProblem(db, caller.companyId, patientId, code, input.onsetDate ?? null);
    if (!id) throw new AppError(409, 'PROBLEM_ALREADY_ACTIVE', 'errors.diagnoses.problemActive');
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'patient_problem', entityId: id,
      changes: { patientId, code: code.code, onsetDate: input.onsetDate ?? null },
    });
    return toProblemRecord((await findProblem(db, caller.companyId, patientId, id))!);
  });
}

/** The problem's fields after a change, or the field errors that refuse it. */
export function nextProblemState(current: Pick<ProblemRow, 'status' | 'onsetDate' | 'resolvedDate'>, input: ProblemUpdate, today: string) {
  const status = input.status ?? current.status;
  const onsetDate = input.onsetDate === undefined ? current.onsetDate : input.onsetDate;
  if (status === 'active' && input.resolvedDate !== undefined) throw validationFailed({ resolvedDate: 'validation.diagnoses.resolvedDateNeedsResolved' });
  const resolvedDate = status === 'active' ? null : input.resolvedDate ?? (current.status === 'resolved' ? current.resolvedDate : today);
  if (onsetDate && onsetDate > today) throw validationFailed({ onsetDate: 'validation.diagnoses.onsetInFuture' });
  if (onsetDate && resolvedDate && onsetDate > resolvedDate) throw validationFailed({ resolvedDate: 'validation.diagnoses.resolvedBeforeOnset' });
  return { status, onsetDate, resolvedDate };
}

/** Resolves, reactivates or dates a problem, at the version the caller loaded. */
export async function updateProblem(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, id: string, input: ProblemUpdate) {
  try {
    return await inTransaction(deps.db, async (db) => {
      const before = await findProblem(db, caller.companyId, patientId, id);
      if (!before) throw problemNotFound();
      // A problem the caller sees masked is changed by the sensitive encounter's doctor only.
      if (before.sourceEncounterId) await assertNotSensitiveEncounterFor(db, caller.companyId, before.sourceEncounterId, caller.id);
      const next = nextProblemState(before, input, todayIn(caller.timeZone, clockNow(deps)));
      const after = await updateProblemAtVersion(db, caller.companyId, id, input.version, next);
      if (!after) return staleOrMissing(async () => Boolean(await findProblem(db, caller.companyId, patientId, id)), problemNotFound);
      await recordAudit(db, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'patient_problem', entityId: id,
        changes: changedFields(before, next),
      });
      return toProblemRecord(after);
    });
  } catch (err) {
    if (violated(err, 'patient_problems_active_uq')) throw new AppError(409, 'PROBLEM_ALREADY_ACTIVE', 'errors.diagnoses.problemActive');
    throw err;
  }
}
