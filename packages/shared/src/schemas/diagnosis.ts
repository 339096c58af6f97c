import { z } from 'zod';
import { idSchema } from './common.js';
import { calendarDate } from './dates.js';
import { versionInput, versionSchema } from './version.js';

/** Diagnosis codes, encounter diagnoses and the problem list (issue 31: "Diagnoses, problems, allergies"). */

export const DIAGNOSIS_SEARCH_MAX_LENGTH = 100;
export const DIAGNOSIS_SEARCH_LIMIT_MAX = 50;
/** Diagnoses one encounter may carry. */
export const ENCOUNTER_DIAGNOSES_MAX = 20;
/** Problems one patient's list answers (active first, then the most recently resolved). */
export const PATIENT_PROBLEMS_MAX = 500;
/** A code list import: at most this many bytes and rows. */
export const CODE_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const CODE_IMPORT_MAX_ROWS = 100_000;
/** Bad rows an import reports by line (the rest are counted). */
export const CODE_IMPORT_ERRORS_SHOWN = 50;
export const CODE_MAX_LENGTH = 16;
export const CODE_TITLE_MAX_LENGTH = 300;
export const CODE_SYSTEM_MAX_LENGTH = 40;
/** A code: a letter or digit, then letters, digits, dots and dashes (J06.9, E11.65, U07.1, local-01). */
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]{0,15}$/;
/** A code system's name: ICD-10-AM, ICD-10-CM, local. */
export const CODE_SYSTEM_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/;

export const diagnosisCodeRecord = z.object({
  _id: z.string(),
  system: z.string(),
  code: z.string(),
  titleEn: z.string(),
  titleAr: z.string(),
  isActive: z.boolean(),
});
export type DiagnosisCodeRecord = z.infer<typeof diagnosisCodeRecord>;

export const diagnosisCodeSearchQuery = z.object({
  search: z.string({ error: 'validation.invalidValue' }).max(DIAGNOSIS_SEARCH_MAX_LENGTH, { error: 'validation.tooLong' }).default(''),
  limit: z.coerce.number({ error: 'validation.invalidValue' }).int({ error: 'validation.invalidValue' })
    .min(1, { error: 'validation.invalidValue' }).max(DIAGNOSIS_SEARCH_LIMIT_MAX, { error: 'validation.tooBig' }).default(20),
});
export type DiagnosisCodeSearchQuery = z.infer<typeof diagnosisCodeSearchQuery>;

export const diagnosisCodeSummary = z.object({
  total: z.number().int(),
  active: z.number().int(),
  systems: z.array(z.object({ system: z.string(), count: z.number().int() })),
});
export type DiagnosisCodeSummary = z.infer<typeof diagnosisCodeSummary>;

/** The import form's fields besides the file. */
export const diagnosisCodeImportFields = z.strictObject({
  system: z.string({ error: 'validation.diagnoses.systemRequired' }).trim()
    .regex(CODE_SYSTEM_PATTERN, { error: 'validation.diagnoses.systemInvalid' }).default('ICD-10'),
});

export const codeImportLineError = z.object({ line: z.number().int(), message: z.string() });
export const diagnosisCodeImportResult = z.object({
  system: z.string(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type DiagnosisCodeImportResult = z.infer<typeof diagnosisCodeImportResult>;

export const DIAGNOSIS_RANKS = ['primary', 'secondary'] as const;
export type DiagnosisRank = (typeof DIAGNOSIS_RANKS)[number];
const rankSchema = z.enum(DIAGNOSIS_RANKS, { error: 'validation.invalidValue' });
const noteSchema = z.string({ error: 'validation.invalidValue' }).trim().max(500, { error: 'validation.tooLong' });

/**
 * A diagnosis of an encounter. One recorded at another doctor's sensitive encounter is `restricted` for the caller: the
 * row is there (id, rank, time, encounter) but its code and note are null until the encounter is opened with a reason.
 */
export const encounterDiagnosisRecord = z.object({
  _id: z.string(),
  patientId: z.string(),
  encounterId: z.string(),
  rank: rankSchema,
  note: z.string().nullable(),
  code: diagnosisCodeRecord.nullable(),
  createdAt: z.string(),
  restricted: z.boolean(),
});
export type EncounterDiagnosisRecord = z.infer<typeof encounterDiagnosisRecord>;

export const encounterDiagnosesQuery = z.object({
  encounterId: idSchema,
});

export const encounterDiagnosisInput = z.strictObject({
  encounterId: idSchema,
  codeId: z.uuid({ error: 'validation.diagnoses.codeRequired' }),
  rank: rankSchema.default('secondary'),
  note: noteSchema.default(''),
});
export type EncounterDiagnosisInput = z.input<typeof encounterDiagnosisInput>;

export const encounterDiagnosisUpdateInput = z.strictObject({
  rank: rankSchema.optional(),
  note: noteSchema.optional(),
});

export const PROBLEM_STATUSES = ['active', 'resolved'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

/** A problem; one made by another doctor's sensitive encounter is `restricted`: its code and titles are null. */
export const patientProblemRecord = z.object({
  _id: z.string(),
  patientId: z.string(),
  codeId: z.string().nullable(),
  code: z.string().nullable(),
  titleEn: z.string().nullable(),
  titleAr: z.string().nullable(),
  restricted: z.boolean(),
  status: z.enum(PROBLEM_STATUSES),
  onsetDate: z.string().nullable(),
  resolvedDate: z.string().nullable(),
  sourceEncounterId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type PatientProblemRecord = z.infer<typeof patientProblemRecord>;

/** A problem recorded directly on the list (history from elsewhere), not from a visit's diagnosis. */
export const patientProblemInput = z.strictObject({
  codeId: z.uuid({ error: 'validation.diagnoses.codeRequired' }),
  onsetDate: calendarDate().nullable().optional(),
});
export type PatientProblemInput = z.input<typeof patientProblemInput>;

/** Resolve (with the day, today when not given), reactivate, or set the onset. */
export const patientProblemUpdateInput = z.strictObject({
  status: z.enum(PROBLEM_STATUSES, { error: 'validation.invalidValue' }).optional(),
  onsetDate: calendarDate().nullable().optional(),
  resolvedDate: calendarDate().optional(),
  version: versionInput,
});
export type PatientProblemUpdateInput = z.input<typeof patientProblemUpdateInput>;

export const problemParams = z.object({ id: idSchema, problemId: idSchema });
export const diagnosisParams = z.object({ id: idSchema, diagnosisId: idSchema });
