/*
 * The encounter: opened when the patient is called in (or by a doctor without an appointment), read with its note and
 * addenda. Reading the content is a read of the patient's record: audited. A sensitive note is shown to its own
 * doctor only, unless another clinician gives a reason (break-the-glass: audited, administrators told), which grants
 * them the encounter for a shift (access-grants.ts).
 */
import {
  chooseTemplate, SOAP_TEMPLATE, type AppointmentStatus, type BreakGlassInput, type DiagnosisRank, type EncounterDetails,
  type EncounterDiagnosisRecord, type EncounterListQuery, type EncounterOpenInput, type EncounterSummary, type TemplateSnapshot,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { notifyAdministrators } from '../notifications/index.js';
import { holdsGrant, insertGrant } from './access-grants.js';
import {
  activeTemplates, addendaOf, clinicExists, diagnosesOf, employeeExists, employeeRefs, encounterIdOfAppointment, findAppointmentFacts, findEncounter,
  findEncounterPage, findNote, insertEncounter, insertNote, patientExists, specialitiesOf, toSummary, type NoteRow,
} from './encounters.repository.js';

export const encounterNotFound = () => new AppError(404, 'NOT_FOUND', 'errors.clinical.encounterNotFound');
/** Statuses of an appointment whose encounter can be opened: the patient is (or was) there. */
const OPENABLE: readonly AppointmentStatus[] = ['arrived', 'in_consultation', 'completed'];

/** The template a new note is written on, copied: the service's, else one of the doctor's specialities', else SOAP. */
async function templateFor(db: Db, companyId: string, doctorId: string, serviceId: string | null): Promise<TemplateSnapshot> {
  const [templates, specialities] = await Promise.all([activeTemplates(db, companyId), specialitiesOf(db, companyId, doctorId)]);
  const chosen = chooseTemplate(templates, { serviceId, specializationIds: specialities });
  return chosen ? { templateId: chosen.id, name: { en: chosen.nameEn, ar: chosen.nameAr }, sections: chosen.sections } : SOAP_TEMPLATE;
}

/**
 * Opens the appointment's encounter through `tx` (the call-in's own transaction, or the open route's), with an
 * empty draft on the chosen template. One per appointment: when it already exists (an earlier or a simultaneous
 * opening), nothing is added. Answers the encounter's id and whether this call opened it.
 */
export async function openEncounterOfAppointment(tx: Db, ctx: RequestContext | null, companyId: string, actorId: string, appointmentId: string, now: Date) {
  const facts = await findAppointmentFacts(tx, companyId, appointmentId);
  if (!facts) throw encounterNotFound();
  const id = await insertEncounter(tx, {
    companyId, kind: 'visit', appointmentId, patientId: facts.patientId, doctorId: facts.doctorId, clinicId: facts.clinicId,
    reason: facts.reason || null, openedAt: now, openedBy: actorId,
  });
  if (!id) return { id: (await encounterIdOfAppointment(tx, companyId, appointmentId))!, opened: false };
  await insertNote(tx, companyId, id, await templateFor(tx, companyId, facts.doctorId, facts.serviceId), actorId);
  await recordAudit(tx, ctx, {
    companyId, actorId, action: 'create', entity: 'encounter', entityId: id,
    changes: { after: { kind: 'visit', appointment: appointmentId, patient: facts.patientId, doctor: facts.doctorId } },
  });
  return { id, opened: true };
}

async function summaryOf(db: Db, companyId: string, id: string): Promise<EncounterSummary> {
  const row = await findEncounter(db, companyId, id);
  if (!row) throw encounterNotFound();
  return toSummary(row);
}

/** POST /api/appointments/{id}/encounter: the appointment's encounter, opened now if it was not yet. */
export async function openForAppointment(deps: Deps, ctx: RequestContext, caller: Caller, appointmentId: string) {
  const facts = await findAppointmentFacts(deps.db, caller.companyId, appointmentId);
  if (!facts) throw new AppError(404, 'NOT_FOUND', 'errors.scheduling.appointmentNotFound');
  const existing = await encounterIdOfAppointment(deps.db, caller.companyId, appointmentId);
  if (existing) return { summary: await summaryOf(deps.db, caller.companyId, existing), opened: false };
  if (!OPENABLE.includes(facts.status as AppointmentStatus)) {
    throw new AppError(409, 'ENCOUNTER_NOT_OPENABLE', 'errors.clinical.notOpenable', { status: t(ctx, `errors.statuses.${facts.status}`) });
  }
  return inTransaction(deps.db, async (tx) => {
    const { id, opened } = await openEncounterOfAppointment(tx, ctx, caller.companyId, caller.id, appointmentId, clockNow(deps));
    return { summary: await summaryOf(tx, caller.companyId, id), opened };
  });
}

/** GET /api/appointments/{id}/encounter: whether the appointment has an encounter, and its state (no content). */
export async function encounterOfAppointment(deps: Deps, caller: Caller, appointmentId: string): Promise<EncounterSummary | null> {
  if (!(await findAppointmentFacts(deps.db, caller.companyId, appointmentId))) throw new AppError(404, 'NOT_FOUND', 'errors.scheduling.appointmentNotFound');
  const id = await encounterIdOfAppointment(deps.db, caller.companyId, appointmentId);
  return id ? summaryOf(deps.db, caller.companyId, id) : null;
}

/** POST /api/encounters: the caller (a doctor) opens an encounter for a patient without an appointment (phone advice). */
export async function openWithoutAppointment(deps: Deps, ctx: RequestContext, caller: Caller, input: EncounterOpenInput) {
  const fields: Record<string, string> = {};
  if (!(await patientExists(deps.db, caller.companyId, input.patient))) fields.patient = 'validation.clinical.patientRequired';
  if (input.clinic && !(await clinicExists(deps.db, caller.companyId, input.clinic))) fields.clinic = 'validation.invalidValue';
  if (Object.keys(fields).length) throw validationFailed(fields);
  if (!(await employeeExists(deps.db, caller.companyId, caller.id))) throw new AppError(403, 'FORBIDDEN', 'errors.clinical.notAnEmployee');
  return inTransaction(deps.db, async (tx) => {
    const id = (await insertEncounter(tx, {
      companyId: caller.companyId, kind: 'phone', patientId: input.patient, doctorId: caller.id, clinicId: input.clinic ?? null,
      reason: input.reason || null, openedAt: clockNow(deps), openedBy: caller.id,
    }))!;
    await insertNote(tx, caller.companyId, id, await templateFor(tx, caller.companyId, caller.id, null), caller.id);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'encounter', entityId: id, changes: { after: { kind: 'phone', patient: input.patient } } });
    return summaryOf(tx, caller.companyId, id);
  });
}

export async function listEncounters(deps: Deps, caller: Caller, q: EncounterListQuery) {
  const { rows, total } = await findEncounterPage(deps.db, caller.companyId, q);
  return { data: rows.map(toSummary), total };
}

/** The encounter, its note and addenda as stored (no access check, no audit: callers do both). */
export async function loadEncounter(db: Db, companyId: string, id: string): Promise<{ details: EncounterDetails; note: NoteRow }> {
  const row = await findEncounter(db, companyId, id);
  const note = row && (await findNote(db, companyId, id));
  if (!row || !note) throw encounterNotFound();
  const addenda = await addendaOf(db, companyId, id);
  const people = await employeeRefs(db, companyId, [note.updatedBy, note.signedBy, ...addenda.map((a) => a.authorId)]);
  const ref = (id: string | null) => (id ? people.get(id) ?? { _id: id, name: '' } : null);
  return {
    note,
    details: {
      ...toSummary(row),
      patientBirthDate: row.patientBirthDate,
      patientGender: row.patientGender,
      reason: row.row.reason,
      note: {
        content: note.content, template: { templateId: note.templateId, ...note.template }, sensitive: note.sensitive, version: note.version,
        updatedAt: note.updatedAt.toISOString(), updatedBy: ref(note.updatedBy),
        signedAt: note.signedAt?.toISOString() ?? null, signedBy: ref(note.signedBy),
      },
      addenda: addenda.map((a) => ({ _id: a.id, author: ref(a.authorId)!, reason: a.reason, text: a.text, createdAt: a.createdAt.toISOString() })),
    },
  };
}

/**
 * A sensitive note is its own doctor's; anyone else is refused (403 SENSITIVE_NOTE) until they give a reason, which
 * grants it to them for a shift. Answers whether the caller passes through such a grant.
 */
export async function assertNotSensitiveFor(db: Db, caller: Caller, details: EncounterDetails): Promise<{ grant: boolean }> {
  if (!details.note.sensitive || details.doctor._id === caller.id) return { grant: false };
  if (await holdsGrant(db, caller.companyId, details._id, caller.id)) return { grant: true };
  throw new AppError(403, 'SENSITIVE_NOTE', 'errors.clinical.sensitive', undefined, undefined, { encounterId: details._id });
}

/** An audit row of a read of the patient's record through this encounter. */
export function auditRead(db: Db, ctx: RequestContext, caller: Caller, details: EncounterDetails, extra: Record<string, unknown> = {}) {
  return recordAudit(db, ctx, {
    companyId: caller.companyId, actorId: caller.id, action: 'read', entity: 'patient', entityId: details.patient._id,
    changes: { encounter: details._id, ...extra },
  });
}

/**
 * GET /api/encounters/{id}: the content (clinical_read), audited as a read of the patient's record (`grant: true`
 * when read through a break-the-glass grant: the reason was recorded and told when it was given).
 */
export async function readEncounter(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<EncounterDetails> {
  const { details } = await loadEncounter(deps.db, caller.companyId, id);
  const { grant } = await assertNotSensitiveFor(deps.db, caller, details);
  await auditRead(deps.db, ctx, caller, details, grant ? { grant: true } : {});
  return details;
}

/** The encounter's diagnoses as recorded, code and note included. */
async function revealedDiagnoses(db: Db, companyId: string, id: string): Promise<EncounterDiagnosisRecord[]> {
  return (await diagnosesOf(db, companyId, id)).map(({ d, c }) => ({
    _id: d.id, patientId: d.patientId, encounterId: d.encounterId, rank: d.rank as DiagnosisRank, note: d.note, createdAt: d.createdAt.toISOString(),
    code: { _id: c.id, system: c.system, code: c.code, titleEn: c.titleEn, titleAr: c.titleAr, isActive: c.isActive }, restricted: false,
  }));
}

/**
 * Another clinician opens a sensitive note with a reason: audited with the reason, administrators' bells ring, and
 * the clinician is granted the encounter for a shift (BREAK_GLASS_GRANT_HOURS): from this commit every list shows them
 * what it recorded, and the note opens again without a reason until the grant expires. Giving a reason again is a new
 * opening (audited, told, a new grant from now). The answer also carries the visit's diagnoses.
 */
export async function breakTheGlass(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: BreakGlassInput): Promise<EncounterDetails> {
  const { details } = await loadEncounter(deps.db, caller.companyId, id);
  const diagnoses = await revealedDiagnoses(deps.db, caller.companyId, id);
  const needed = details.note.sensitive && details.doctor._id !== caller.id;
  await inTransaction(deps.db, async (tx) => {
    await auditRead(tx, ctx, caller, details, needed ? { breakGlass: true, reason: input.reason } : {});
    if (needed) {
      const until = await insertGrant(tx, { companyId: caller.companyId, encounterId: id, employeeId: caller.id, reason: input.reason });
      await recordAudit(tx, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'break_glass', entity: 'encounter', entityId: id,
        changes: { reason: input.reason, patient: details.patient._id, grantedUntil: until.toISOString() },
      });
      await notifyAdministrators(withDb(deps, tx), caller.companyId, {
        kind: 'sensitive_note_opened', entity: 'encounter', entityId: id, actorId: caller.id, params: { patient: details.patient.name, reason: input.reason },
      });
    }
  });
  return { ...details, diagnoses };
}
