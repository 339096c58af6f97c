import { hasPermission, inZone, PATIENT_RECORD_KINDS, type PatientMergeInput, type PatientMergeResult, type PatientRecordCounts } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { removeUnreferencedFiles } from '../../lib/files.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import { allergyConflicts, clearNoKnownAllergies, countRecords, deleteMerged, findClash, foldOverlaps, lockPair, moveRecords } from './patients.merge.repository.js';
import { findPatient, patientExists, updatePatientAt, type PatientRow } from './patients.repository.js';
import { viewOf } from './patients.service.js';

const ENTITY = 'patient';

/** What references the patient, by kind (404 outside the caller's company). */
export async function patientRecordCounts(deps: Deps, caller: Caller, id: string): Promise<PatientRecordCounts> {
  if (!(await patientExists(deps.db, caller.companyId, id))) throw notFound();
  return countRecords(deps.db, caller.companyId, id);
}

const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The kept record's empty fields filled from the duplicate's; what it already has stays. */
export function filledFrom(kept: PatientRow, dup: PatientRow) {
  const pick = <T>(k: T, d: T): T => (blank(k) ? d : k);
  const keptDetails = (kept.details ?? {}) as Record<string, unknown>;
  const details: Record<string, unknown> = { ...keptDetails };
  for (const [key, value] of Object.entries((dup.details ?? {}) as Record<string, unknown>)) {
    if (blank(details[key])) details[key] = value;
  }
  const consent = kept.whatsappConsentAt ? kept : dup;
  return {
    phone: pick(kept.phone, dup.phone),
    email: pick(kept.email, dup.email),
    identity: pick(kept.identity, dup.identity),
    gender: pick(kept.gender, dup.gender),
    nationality: pick(kept.nationality, dup.nationality),
    maritalStatus: pick(kept.maritalStatus, dup.maritalStatus),
    bloodType: pick(kept.bloodType, dup.bloodType),
    smoking: kept.smoking ?? dup.smoking,
    imageFileId: kept.imageFileId ?? dup.imageFileId,
    details,
    preferredChannel: consent.preferredChannel,
    whatsappConsentAt: consent.whatsappConsentAt,
    whatsappConsentSource: consent.whatsappConsentSource,
    // Still to be completed only when neither record was a full one: a staff-made full record completes it.
    incomplete: kept.incomplete && dup.incomplete,
    selfRegistered: kept.selfRegistered && (dup.selfRegistered || dup.incomplete),
    isActive: kept.isActive || dup.isActive,
  };
}

function clashError(c: NonNullable<Awaited<ReturnType<typeof findClash>>>): AppError {
  const at = (d: Date) => inZone(d, c.timeZone).format('YYYY-MM-DD HH:mm');
  return new AppError(409, 'PATIENT_MERGE_CLASH', 'errors.patientMergeClash', {
    kept: `${c.keptPublicId} ${at(c.keptStartsAt)}`,
    duplicate: `${c.duplicatePublicId} ${at(c.duplicateStartsAt)}`,
  }, undefined, { kept: c.keptPublicId, duplicate: c.duplicatePublicId });
}

/**
 * Merges the duplicate `id` into `input.into`, in one transaction: both records locked and checked at the versions
 * the screen showed, overlapping active appointments refused (409 naming them), a substance both records list in
 * allergy rows that say different things refused (409 naming it), every row of the duplicate moved, "no known
 * allergies" cleared when an allergy of the result is active, the kept record's empty fields filled from it, the
 * duplicate removed, an audit row on each record.
 */
export async function mergePatients(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: PatientMergeInput): Promise<PatientMergeResult> {
  const companyId = caller.companyId;
  const result = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await lockPair(db, companyId, id, input.into);
    const dup = await findPatient(db, companyId, id);
    const kept = await findPatient(db, companyId, input.into);
    if (!dup || !kept) throw notFound();
    // After the lookup, so a foreign or unknown id is 404 whatever `into` says.
    if (dup.id === kept.id) throw validationFailed({ into: 'validation.patientMergeSelf' });
    assertVersion(dup, input.version);
    assertVersion(kept, input.intoVersion);
    const clash = await findClash(db, companyId, id, kept.id);
    if (clash) throw clashError(clash);
    // An allergy both records list differently is not for the front desk to settle: a clinician reconciles it first.
    const differing = await allergyConflicts(db, companyId, id, kept.id);
    if (differing.length) {
      // The substances are clinical content: named only to a caller who may read the allergies.
      if (!hasPermission(caller.permissions, 'clinical_read')) throw new AppError(409, 'PATIENT_MERGE_ALLERGIES', 'errors.patientMergeAllergiesUnnamed');
      throw new AppError(409, 'PATIENT_MERGE_ALLERGIES', 'errors.patientMergeAllergies', { substances: differing.join(', ') }, undefined, { substances: differing });
    }
    const folded = await foldOverlaps(db, companyId, id, kept.id);
    const moved = await moveRecords(db, companyId, id, kept.id).catch((err: unknown) => {
      throw isLockRefusal(err) ? new AppError(409, 'PATIENT_MERGE_LOCKED', 'errors.patientMergeLocked') : err;
    });
    const noKnownAllergiesCleared = await clearNoKnownAllergies(db, companyId, kept.id);
    await deleteMerged(db, companyId, id);
    const after = await updatePatientAt(db, companyId, kept.id, input.intoVersion, filledFrom(kept, dup));
    if (!after) return staleOrMissing(() => patientExists(db, companyId, kept.id));
    const foldedCounts = { allergies: folded.allergies.length, problems: folded.problems.length, allergyStates: folded.allergyStates.length };
    const summary = { moved: nonZero(moved), folded: foldedCounts, ...(noKnownAllergiesCleared ? { noKnownAllergiesCleared } : {}) };
    await recordAudit(db, ctx, {
      companyId, actorId: caller.id, action: 'merge', entity: ENTITY, entityId: kept.id,
      changes: { before: viewOf(kept), after: viewOf(after), mergedFrom: { id: dup.id, publicId: dup.publicId }, ...summary, foldedRows: folded },
    });
    await recordAudit(db, ctx, {
      companyId, actorId: caller.id, action: 'merge', entity: ENTITY, entityId: dup.id,
      changes: { before: { publicId: dup.publicId, ...viewOf(dup) }, mergedInto: { id: kept.id, publicId: kept.publicId }, ...summary },
    });
    const image = dup.imageFileId && dup.imageFileId !== after.imageFileId ? dup.imageFileId : null;
    return { after, dup, moved, folded: foldedCounts, image };
  });
  // The duplicate's picture, when the kept record has its own, is personal data nothing points at any more.
  await removeUnreferencedFiles(deps, companyId, [result.image]);
  return {
    _id: result.after.id,
    publicId: result.after.publicId,
    mergedId: result.dup.id,
    mergedPublicId: result.dup.publicId,
    moved: result.moved,
    folded: result.folded,
    version: result.after.version,
  };
}

/** A record lock (a trigger raising check_violation) refused to move a signed or issued row. */
function isLockRefusal(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23514') return true;
  }
  return false;
}

function nonZero(counts: PatientRecordCounts): Partial<PatientRecordCounts> {
  return Object.fromEntries(PATIENT_RECORD_KINDS.filter((k) => counts[k] > 0).map((k) => [k, counts[k]]));
}
