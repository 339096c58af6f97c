import { z } from 'zod';
import { boolish, listQuerySchema, refSchema } from './common.js';
import { encounterDiagnosisRecord } from './diagnosis.js';
import { bilingualLabel, noteContent, noteSection, noteSections, templateSnapshot } from './note-template.js';
import { versionInput, versionSchema } from './version.js';

/*
 * The encounter: the clinical record of one visit (one per appointment) or of advice given without one (phone
 * advice, opened by a doctor for a patient). Its note is written on a template and locked when signed; corrections
 * after signing are addenda.
 */

export const ENCOUNTER_STATUSES = ['open', 'signed'] as const;
export type EncounterStatus = (typeof ENCOUNTER_STATUSES)[number];
export const ENCOUNTER_KINDS = ['visit', 'phone'] as const;
export type EncounterKind = (typeof ENCOUNTER_KINDS)[number];
export const ADDENDUM_TEXT_MAX = 5000;
export const REASON_MAX = 500;

/** What anyone allowed to see the appointment may know: that the encounter exists and its state, never its content. */
export const encounterSummary = z.object({
  _id: z.string(),
  kind: z.enum(ENCOUNTER_KINDS),
  status: z.enum(ENCOUNTER_STATUSES),
  appointmentId: z.string().nullable(),
  patient: refSchema,
  doctor: refSchema,
  clinic: refSchema.nullable(),
  openedAt: z.string(),
  signedAt: z.string().nullable(),
});
export type EncounterSummary = z.infer<typeof encounterSummary>;

export const encounterNote = z.object({
  content: noteContent,
  template: templateSnapshot,
  sensitive: z.boolean(),
  version: versionSchema,
  updatedAt: z.string(),
  updatedBy: refSchema.nullable(),
  signedAt: z.string().nullable(),
  signedBy: refSchema.nullable(),
});
export type EncounterNote = z.infer<typeof encounterNote>;

export const encounterAddendum = z.object({
  _id: z.string(),
  author: refSchema,
  reason: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type EncounterAddendum = z.infer<typeof encounterAddendum>;

/** The encounter with its note and addenda (clinical_read; every read audited). */
export const encounterDetails = encounterSummary.extend({
  patientBirthDate: z.string().nullable(),
  patientGender: z.string().nullable(),
  reason: z.string().nullable(),
  note: encounterNote,
  addenda: z.array(encounterAddendum),
  /**
   * The break-the-glass answer only: the encounter's diagnoses unmasked (the reason also grants the encounter for a
   * shift, so the diagnosis lists read again show them too).
   */
  diagnoses: z.array(encounterDiagnosisRecord).optional(),
});
export type EncounterDetails = z.infer<typeof encounterDetails>;

const reasonText = (requiredKey: string, max = REASON_MAX) =>
  z.string({ error: requiredKey }).trim().min(1, { error: requiredKey }).max(max, { error: 'validation.tooLong' });

/** POST /api/encounters: a doctor opens an encounter for a patient without an appointment (phone advice). */
export const encounterOpenInput = z.strictObject({
  patient: z.uuid({ error: 'validation.clinical.patientRequired' }),
  clinic: z.uuid({ error: 'validation.invalidValue' }).optional(),
  reason: z.string().trim().max(REASON_MAX, { error: 'validation.tooLong' }).optional(),
});
export type EncounterOpenInput = z.output<typeof encounterOpenInput>;

/** PUT /api/encounters/{id}/note: the draft as typed, based on the version the screen read. */
export const noteDraftInput = z.strictObject({
  version: versionInput,
  content: noteContent,
  sensitive: boolish.optional(),
});
export type NoteDraftInput = z.output<typeof noteDraftInput>;

/** POST /api/encounters/{id}/sign: the doctor's password again, and the version read. */
export const noteSignInput = z.strictObject({
  version: versionInput,
  password: z.string({ error: 'validation.clinical.passwordRequired' }).min(1, { error: 'validation.clinical.passwordRequired' }).max(200, { error: 'validation.tooLong' }),
});
export type NoteSignInput = z.output<typeof noteSignInput>;

export const addendumInput = z.strictObject({
  reason: reasonText('validation.clinical.reasonRequired'),
  text: reasonText('validation.clinical.addendumRequired', ADDENDUM_TEXT_MAX),
});
export type AddendumInput = z.output<typeof addendumInput>;

/** POST /api/encounters/{id}/break-glass: why another clinician opens a sensitive note. */
export const breakGlassInput = z.strictObject({ reason: reasonText('validation.clinical.reasonRequired') });
export type BreakGlassInput = z.output<typeof breakGlassInput>;

export const encounterListQuery = listQuerySchema(['openedAt'] as const).extend({
  patient: z.uuid({ error: 'validation.invalidValue' }).optional(),
  status: z.enum(ENCOUNTER_STATUSES, { error: 'validation.invalidValue' }).optional(),
});
export type EncounterListQuery = z.output<typeof encounterListQuery>;

export const appointmentParams = z.object({ id: z.uuid({ error: 'validation.invalidValue' }) });

// ---------------------------------------------------------------------------------------------------------------
// Note templates (administrators)

export const noteTemplateRecord = z.object({
  _id: z.string(),
  name: z.object({ en: z.string(), ar: z.string() }),
  service: refSchema.nullable(),
  specialization: refSchema.nullable(),
  sections: z.array(noteSection),
  isActive: z.boolean(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type NoteTemplateRecord = z.infer<typeof noteTemplateRecord>;

const templateFields = {
  name: bilingualLabel,
  service: z.uuid({ error: 'validation.invalidValue' }).nullable().optional(),
  specialization: z.uuid({ error: 'validation.invalidValue' }).nullable().optional(),
  sections: noteSections,
  isActive: boolish.optional(),
};
export const noteTemplateCreateInput = z.strictObject(templateFields);
export type NoteTemplateCreate = z.output<typeof noteTemplateCreateInput>;
export const noteTemplateUpdateInput = z.strictObject({ ...templateFields, version: versionInput });
export type NoteTemplateUpdate = z.output<typeof noteTemplateUpdateInput>;
export const noteTemplateListQuery = listQuerySchema(['updatedAt'] as const);
export type NoteTemplateListQuery = z.output<typeof noteTemplateListQuery>;
