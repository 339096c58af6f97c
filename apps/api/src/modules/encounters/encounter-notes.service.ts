/*
 * The note's life: drafts saved as the doctor types (only at the version read: a save based on an older version is
 * refused with the note as it now is, so the screen keeps both texts), signing with the doctor's password (locked
 * from then on, by this service and by the database), and addenda after signing.
 */
import {
  noteContentProblems, type AddendumInput, type EncounterAddendum, type EncounterDetails, type EncounterNote, type NoteDraftInput,
  type NoteSignInput, type NoteProblem,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, unauthorized, validationFailed, type FieldMessage } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { STALE_RECORD } from '@clinic/shared';
import { clearAttempts, reserveAttempt } from '../auth/index.js';
import { insertAddendum, passwordHashOf, signAt, updateDraftAt } from './encounters.repository.js';
import { assertNotSensitiveFor, loadEncounter } from './encounters.service.js';

const signed = () => new AppError(409, 'NOTE_SIGNED', 'errors.clinical.noteSigned');

/** 409 STALE_RECORD carrying the note as it now is (content and version), so the screen can offer both texts. */
function changedMeanwhile(current: EncounterNote): AppError {
  return new AppError(409, STALE_RECORD, 'errors.clinical.noteChanged', undefined, undefined, { current });
}

/**
 * The refusal of a write that lost to another: signed meanwhile, or changed meanwhile with the note as it is now. The
 * note may have been marked sensitive by the change that won: the caller is checked again before it is answered.
 */
async function lostTo(db: Db, caller: Caller, id: string): Promise<AppError> {
  const now = await loadEncounter(db, caller.companyId, id);
  if (now.note.signedAt) return signed();
  await assertNotSensitiveFor(db, caller, now.details);
  return changedMeanwhile(now.details.note);
}

function contentFields(problems: Record<string, NoteProblem>): Record<string, FieldMessage> {
  return Object.fromEntries(Object.entries(problems).map(([k, p]) => [`content.${k}`, p.params ? { key: p.key, params: p.params } : p.key]));
}

/** The encounter as a writer may see it: a sensitive note of another doctor is refused (but through a grant), a signed one is locked. */
async function loadForWriting(deps: Deps, caller: Caller, id: string) {
  const loaded = await loadEncounter(deps.db, caller.companyId, id);
  await assertNotSensitiveFor(deps.db, caller, loaded.details);
  if (loaded.note.signedAt) throw signed();
  return loaded;
}

/** PUT /api/encounters/{id}/note: saves the draft; on 2xx it is in the database. */
export async function saveDraft(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: NoteDraftInput): Promise<EncounterNote> {
  const { details, note } = await loadForWriting(deps, caller, id);
  // A clinician writing through a break-the-glass grant may not lift the mark that hides the note from the others.
  if (note.sensitive && input.sensitive === false && details.doctor._id !== caller.id) {
    throw new AppError(403, 'SENSITIVE_NOTE', 'errors.clinical.sensitiveMark', undefined, undefined, { encounterId: id });
  }
  const problems = noteContentProblems(note.template.sections, input.content);
  if (Object.keys(problems).length) throw validationFailed(contentFields(problems));
  if (note.version !== input.version) throw changedMeanwhile(details.note);
  const now = clockNow(deps);
  return inTransaction(deps.db, async (tx) => {
    const set = { content: input.content, updatedBy: caller.id, updatedAt: now, ...(input.sensitive === undefined ? {} : { sensitive: input.sensitive }) };
    if (!(await updateDraftAt(tx, caller.companyId, id, input.version, set))) {
      // Signed or saved by someone else between the read and this statement.
      throw await lostTo(tx, caller, id);
    }
    // What changed is recorded by field, never the text itself (the audit log is not a second copy of the record).
    const fieldsChanged = Object.keys({ ...note.content, ...input.content }).filter((k) => JSON.stringify(note.content[k] ?? null) !== JSON.stringify(input.content[k] ?? null));
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'encounter_note', entityId: id,
      changes: { fields: fieldsChanged, version: input.version + 1, ...(input.sensitive !== undefined && input.sensitive !== note.sensitive ? { sensitive: input.sensitive } : {}) },
    });
    return (await loadEncounter(tx, caller.companyId, id)).details.note;
  });
}

/**
 * POST /api/encounters/{id}/sign: the required fields filled, the doctor's password checked again (each guess
 * reserved against the sign-in limit before the hash runs), then the note is signed and locked.
 */
export async function signNote(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: NoteSignInput): Promise<EncounterDetails> {
  const { details, note } = await loadForWriting(deps, caller, id);
  // The visit's doctor signs its note: a nurse or a covering clinician may write in it, never put their doctor's
  // signature under it (nor their own in the doctor's place).
  if (details.doctor._id !== caller.id) {
    throw new AppError(403, 'NOT_NOTE_DOCTOR', 'errors.clinical.notNoteDoctor', { name: details.doctor.name }, undefined, { encounterId: id });
  }
  if (note.version !== input.version) throw changedMeanwhile(details.note);
  const problems = noteContentProblems(note.template.sections, note.content, { forSigning: true });
  if (Object.keys(problems).length) throw new AppError(422, 'VALIDATION_FAILED', 'errors.clinical.noteIncomplete', undefined, contentFields(problems));

  const hash = await passwordHashOf(deps.db, caller.companyId, caller.id);
  if (!hash) throw unauthorized();
  const key = { identifier: `note-sign:${caller.id}`, ip: ctx.ip ?? '', perAddress: false };
  const attempt = await reserveAttempt(deps, key, { max: deps.config.loginMaxFailures, windowMinutes: deps.config.loginWindowMinutes });
  if (attempt === null) throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'errors.tooManyAttempts', { minutes: deps.config.loginWindowMinutes });
  if (!(await verifyPassword(input.password, hash))) {
    await recordAudit(deps.db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'sign_failed', entity: 'encounter_note', entityId: id });
    throw new AppError(422, 'SIGN_PASSWORD_WRONG', 'errors.clinical.passwordWrong', undefined, { password: 'errors.clinical.passwordWrong' });
  }
  const result = await inTransaction(deps.db, async (tx) => {
    if (!(await signAt(tx, caller.companyId, id, input.version, caller.id, clockNow(deps)))) throw await lostTo(tx, caller, id);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'sign', entity: 'encounter_note', entityId: id, changes: { version: input.version + 1 } });
    return (await loadEncounter(tx, caller.companyId, id)).details;
  });
  await clearAttempts(deps, key);
  return result;
}

/** POST /api/encounters/{id}/addenda: a correction or addition to a signed note (who, when, why). */
export async function addAddendum(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: AddendumInput): Promise<EncounterAddendum> {
  const { details, note } = await loadEncounter(deps.db, caller.companyId, id);
  await assertNotSensitiveFor(deps.db, caller, details);
  if (!note.signedAt) throw new AppError(409, 'NOTE_NOT_SIGNED', 'errors.clinical.noteNotSigned');
  return inTransaction(deps.db, async (tx) => {
    const row = await insertAddendum(tx, { companyId: caller.companyId, encounterId: id, authorId: caller.id, reason: input.reason, text: input.text, createdAt: clockNow(deps) });
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'addendum', entity: 'encounter_note', entityId: id, changes: { addendum: row.id, reason: input.reason } });
    const loaded = await loadEncounter(tx, caller.companyId, id);
    return loaded.details.addenda.find((a) => a._id === row.id)!;
  });
}
