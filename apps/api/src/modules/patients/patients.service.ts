import {
  type HealthReport,
  type PatientDeleteResult,
  type PatientDetails,
  type WebhookPatient,
  type PatientListItem,
  type PatientData,
  type PatientListQuery,
  type PatientNote,
  type PatientUpdateData,
  type TreatmentEntry,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { emit } from '../events/index.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { fileUrl, removeUnreferencedFiles, toFileRef, type StoredFile } from '../../lib/files.js';
import { nextPublicId } from '../../lib/public-id.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertVersion, staleOrMissing } from '../../lib/versioning.js';
import {
  ageOn,
  contactInfosOf,
  formView,
  splitTreatment,
  todayIn,
  toColumns,
  withInsuranceStatus,
  type StoredPatientDetails,
} from './patients.domain.js';
import {
  deactivateIfActive,
  deleteIfUnreferenced,
  findNote,
  findNotes,
  findPatient,
  findPatientPage,
  findReports,
  findTreatment,
  identityHolder,
  insertNote,
  insertPatient,
  insertReport,
  isoInstant,
  patientExists,
  updatePatientAt,
  type PatientRow,
} from './patients.repository.js';
import { auditConsentChange, messagingColumns, messagingView } from './patients.messaging.js';

const ENTITY = 'patient';

function identityTaken() {
  return new AppError(409, 'DUPLICATE_IDENTITY', 'errors.patientIdentityTaken', undefined, { identity: 'validation.patientIdentityTaken' });
}

/** A unique violation on the identity index (two requests racing with the same number) is the same 409. */
function isIdentityViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505' && (e.constraint === 'patients_identity_given_uq' || String((e as { message?: unknown }).message ?? '').includes('patients_identity_given_uq'))) return true;
  }
  return false;
}

/** The record as the audit log shows it (form fields, and whether the full form is still to be saved). */
export function viewOf(row: PatientRow): Record<string, unknown> {
  const view = formView({
    name: row.name,
    identity: row.identity,
    phone: row.phone ?? '',
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender ?? '',
    nationality: row.nationality ?? '',
    maritalStatus: row.maritalStatus ?? '',
    bloodType: row.bloodType ?? '',
    smoking: row.smoking ?? false,
    details: (row.details ?? {}) as StoredPatientDetails,
    isActive: row.isActive,
    imageFileId: row.imageFileId,
  });
  return { ...view, incomplete: row.incomplete, ...messagingView(row) };
}

// ---------------------------------------------------------------------------------------------------------
// Reads

/** A page of the list; `after` resumes after that public id where the order allows (exports, see `findPatientPage`). */
export async function listPatients(deps: Deps, companyId: string, q: PatientListQuery, after?: string) {
  const { rows, total } = await findPatientPage(deps.db, companyId, q, after);
  const data: PatientListItem[] = rows.map((r) => ({
    _id: r.id,
    publicId: r.publicId,
    name: r.name,
    identity: r.identity,
    phone: r.phone,
    dateOfBirth: r.dateOfBirth,
    gender: r.gender,
    isActive: r.isActive,
    incomplete: r.incomplete,
    selfRegistered: r.selfRegistered,
    lastVisit: isoInstant(r.lastVisit),
    image: r.imageFileId ? fileUrl(deps, companyId, r.imageFileId) : null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { data, total };
}

/** Who the patient is and how to reach them (what a webhook carries), from the stored row. */
function identityOf(row: NonNullable<Awaited<ReturnType<typeof findPatient>>>, today: string): WebhookPatient {
  const d = (row.details ?? {}) as StoredPatientDetails;
  const emergencyContacts = d.emergencyContacts ?? [];
  return {
    _id: row.id,
    publicId: row.publicId,
    name: row.name,
    identity: row.identity,
    isActive: row.isActive,
    incomplete: row.incomplete,
    selfRegistered: row.selfRegistered,
    phone: row.phone,
    email: row.email,
    contactInfos: contactInfosOf(row.phone, row.email),
    ...messagingView(row),
    dateOfBirth: row.dateOfBirth,
    age: ageOn(row.dateOfBirth, today),
    gender: row.gender,
    nationality: row.nationality,
    marital_status: row.maritalStatus,
    number_children: d.number_children ?? null,
    address: d.address ?? null,
    professiona_experi: d.professiona_experi ?? null,
    languages: d.languages ?? [],
    preferredLanguage: d.preferredLanguage ?? null,
    insurances: withInsuranceStatus(d.insurances ?? [], today),
    emergencyContacts,
    emergencyContact: emergencyContacts[0] ?? null,
    lastVisit: row.lastVisit,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The patient as a webhook carries it (`webhookPatient`); null when there is no such patient. */
export async function loadForWebhook(deps: Deps, caller: Caller, id: string, now = new Date()): Promise<WebhookPatient | null> {
  const row = await findPatient(deps.db, caller.companyId, id);
  return row ? identityOf(row, todayIn(caller.timeZone, now)) : null;
}

/** Everything the details screen shows, computed from the record, its notes, reports and appointments. */
export async function loadDetails(deps: Deps, caller: Caller, id: string, now = new Date()): Promise<PatientDetails | null> {
  const companyId = caller.companyId;
  const row = await findPatient(deps.db, companyId, id);
  if (!row) return null;
  const [notes, reports, appointments] = await Promise.all([
    findNotes(deps.db, companyId, id),
    findReports(deps.db, companyId, id),
    findTreatment(deps.db, companyId, id),
  ]);
  const today = todayIn(caller.timeZone, now);
  const d = (row.details ?? {}) as StoredPatientDetails;
  const toEntry = (a: (typeof appointments)[number]): TreatmentEntry => ({
    _id: a.id,
    publicId: a.publicId,
    datetime: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    status: a.status,
    reason: a.reason,
    visitNote: a.visitNote,
    doctor: { _id: a.doctorId, name: a.doctorName },
    clinic: { _id: a.clinicId, name: a.clinicName },
    service: { _id: a.serviceId, name: a.serviceName },
  });
  const treatment = splitTreatment(appointments, now);
  return {
    ...identityOf(row, today),
    blood_type: row.bloodType,
    height: d.height ?? null,
    weight: d.weight ?? null,
    Smoking: row.smoking,
    evaluation: d.evaluation ?? null,
    Current_Medications: d.Current_Medications ?? null,
    Surgical_History: d.Surgical_History ?? null,
    lifestyleFactors: d.lifestyleFactors ?? null,
    allergies: d.allergies ?? [],
    ChronicDiseases: d.ChronicDiseases ?? [],
    familyMedicalHistory: d.familyMedicalHistory ?? [],
    image: row.imageFileId ? fileUrl(deps, companyId, row.imageFileId) : null,
    notes: notes.map(toNote),
    healthReports: reports.map((r) => toReport(deps, id, r)),
    treatment: { upcoming: treatment.upcoming.map(toEntry), history: treatment.history.map(toEntry) },
  };
}

function toNote(n: NonNullable<Awaited<ReturnType<typeof findNote>>>): PatientNote {
  return {
    _id: n.id,
    body: n.body,
    author: n.authorId ? { _id: n.authorId, name: n.authorName ?? '' } : null,
    createdAt: n.createdAt.toISOString(),
  };
}

function toReport(deps: Deps, patientId: string, r: Awaited<ReturnType<typeof findReports>>[number]): HealthReport {
  return {
    _id: r.id,
    title: r.title,
    createdAt: r.createdAt.toISOString(),
    uploadedBy: r.uploadedBy ? { _id: r.uploadedBy, name: r.uploaderName ?? '' } : null,
    // Every download of a report is audited on the patient's record.
    file: toFileRef(deps, r.file, { patientId, documentId: r.id }),
  };
}

/** The details of one patient; every read is written to the audit log. */
export async function readPatient(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<PatientDetails> {
  const details = await loadDetails(deps, caller, id);
  if (!details) throw notFound();
  await recordAudit(deps.db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'read', entity: ENTITY, entityId: id });
  return details;
}

// ---------------------------------------------------------------------------------------------------------
// Changes

/**
 * 404 unless the patient is one of the caller's company. Routes check it before reading a form, so an unknown or
 * foreign patient is 404 whatever the body holds and nothing is stored for it.
 */
export async function requirePatient(deps: Deps, caller: Caller, id: string): Promise<void> {
  if (!(await patientExists(deps.db, caller.companyId, id))) throw notFound();
}

/**
 * Creates a patient from the validated form and its stored picture (if any). The caller removes the picture when
 * this refuses (a picture no record took is removed in any case, see `removeUnreferencedFiles`).
 */
export async function createPatient(deps: Deps, ctx: RequestContext, caller: Caller, data: PatientData, image: StoredFile | null): Promise<PatientDetails> {
  let id: string;
  try {
    const columns = { ...toColumns(data), ...messagingColumns(data, null) };
    if (await identityHolder(deps.db, caller.companyId, columns.identity, null)) throw identityTaken();
    const imageFileId = image?.id ?? null;
    id = await deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const publicId = await nextPublicId(db, caller.companyId, 'patient', 'PAT');
      const row = await insertPatient(db, { ...columns, companyId: caller.companyId, publicId, isActive: data.isActive ?? true, imageFileId, createdBy: caller.id });
      const noteId = data.notes ? await insertNote(db, caller.companyId, row.id, caller.id, data.notes) : null;
      await auditConsentChange(db, ctx, { companyId: caller.companyId, actorId: caller.id, patientId: row.id }, null, row);
      await emit(db, { type: 'patient.created', companyId: caller.companyId, actorId: caller.id, patientId: row.id, at: new Date().toISOString() });
      await recordAudit(db, ctx, {
        companyId: caller.companyId,
        actorId: caller.id,
        action: 'create',
        entity: ENTITY,
        entityId: row.id,
        changes: { after: { publicId, ...viewOf(row), ...(noteId ? { note: data.notes } : {}) } },
      });
      return row.id;
    });
  } catch (err) {
    throw isIdentityViolation(err) ? identityTaken() : err;
  }
  return (await loadDetails(deps, caller, id))!;
}

/**
 * Replaces a patient's form fields (PUT: lists and optional fields not sent are cleared). The full form carries
 * every required field, so saving it completes a patient registered quickly. The picture is
 * kept unless a new one is sent or `removeImage` is true; `isActive` is kept unless sent. The form sends the
 * version it was loaded with: the update matches only that version (409 STALE_RECORD otherwise). As with a create,
 * the caller removes a new picture this refuses.
 */
export async function updatePatient(
  deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: PatientUpdateData, image: StoredFile | null,
): Promise<PatientDetails> {
  const before = await findPatient(deps.db, caller.companyId, id);
  if (!before) throw notFound();
  let imageFileId = before.imageFileId;
  try {
    const { version, ...data } = input;
    assertVersion(before, version);
    const columns = { ...toColumns(data), ...messagingColumns(data, before) };
    if (await identityHolder(deps.db, caller.companyId, columns.identity, id)) throw identityTaken();
    imageFileId = image?.id ?? (data.removeImage ? null : before.imageFileId);
    await deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const after = await updatePatientAt(db, caller.companyId, id, version, { ...columns, isActive: data.isActive ?? before.isActive, imageFileId, incomplete: false });
      if (!after) return staleOrMissing(() => patientExists(db, caller.companyId, id));
      await auditConsentChange(db, ctx, { companyId: caller.companyId, actorId: caller.id, patientId: id }, before, after);
      const changes = changedFields(viewOf(before), viewOf(after));
      if (changes) {
        await emit(db, { type: 'patient.updated', companyId: caller.companyId, actorId: caller.id, patientId: id, at: new Date().toISOString() });
        await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: ENTITY, entityId: id, changes });
      }
      if (data.notes) {
        const noteId = await insertNote(db, caller.companyId, id, caller.id, data.notes);
        await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'note_add', entity: ENTITY, entityId: id, changes: { after: { noteId, body: data.notes } } });
      }
    });
  } catch (err) {
    throw isIdentityViolation(err) ? identityTaken() : err;
  }
  // A replaced or removed picture is personal data nothing points at any more.
  if (imageFileId !== before.imageFileId) await removeUnreferencedFiles(deps, caller.companyId, [before.imageFileId]);
  return (await loadDetails(deps, caller, id))!;
}

/**
 * Removes a patient when nothing depends on it. A patient with appointments, notes, health reports, vitals or allergies is
 * deactivated instead: medical records are never destroyed silently.
 */
export async function deletePatient(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<PatientDeleteResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const deleted = await deleteIfUnreferenced(db, caller.companyId, id);
    if (deleted) {
      await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: ENTITY, entityId: id, changes: { before: { publicId: deleted.publicId, ...viewOf(deleted) } } });
      return { outcome: 'deleted' as const, imageFileId: deleted.imageFileId };
    }
    // Only an active patient is deactivated (and audited): of simultaneous requests one changes the row.
    if (!(await deactivateIfActive(db, caller.companyId, id))) {
      if (!(await patientExists(db, caller.companyId, id))) throw notFound();
      return { outcome: 'deactivated' as const, imageFileId: null };
    }
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'deactivate', entity: ENTITY, entityId: id, changes: { after: { isActive: false } } });
    return { outcome: 'deactivated' as const, imageFileId: null };
  });
  // The picture of a removed patient is personal data with nothing left pointing at it.
  await removeUnreferencedFiles(deps, caller.companyId, [outcome.imageFileId]);
  return { _id: id, outcome: outcome.outcome };
}

export async function addPatientNote(deps: Deps, ctx: RequestContext, caller: Caller, id: string, body: string): Promise<PatientNote> {
  if (!(await patientExists(deps.db, caller.companyId, id))) throw notFound();
  const noteId = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const noteId = await insertNote(db, caller.companyId, id, caller.id, body);
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'note_add', entity: ENTITY, entityId: id, changes: { after: { noteId, body } } });
    return noteId;
  });
  return toNote((await findNote(deps.db, caller.companyId, noteId))!);
}

/**
 * Attaches a health report (its file stored already: PDF or image, 10 MB, checked by content) with its title. The
 * caller removes the file when this refuses.
 */
export async function addHealthReport(
  deps: Deps, ctx: RequestContext, caller: Caller, id: string, report: { title: string; file: StoredFile | null },
): Promise<HealthReport> {
  await requirePatient(deps, caller, id);
  const { title, file } = report;
  if (!file) throw validationFailed({ file: 'validation.reportFileRequired' });
  const reportId = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const documentId = await insertReport(db, { companyId: caller.companyId, patientId: id, fileId: file.id, title, uploadedBy: caller.id });
    await recordAudit(db, ctx, {
      companyId: caller.companyId,
      actorId: caller.id,
      action: 'document_add',
      entity: ENTITY,
      entityId: id,
      changes: { after: { documentId, title, fileId: file.id, fileName: file.originalName, mimeType: file.mimeType, size: file.sizeBytes } },
    });
    return documentId;
  });
  const [saved] = await findReports(deps.db, caller.companyId, id, reportId);
  return toReport(deps, id, saved!);
}
