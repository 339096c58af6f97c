import { z } from 'zod';
import { idSchema, pageQuerySchema } from './common.js';
import { versionSchema } from './version.js';

/** Spreadsheet imports (docs/imports.md): what can be imported, the batch and its dry-run report. */

export const IMPORT_KINDS = ['patients', 'employees', 'services', 'appointments'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_STATUSES = ['checked', 'importing', 'imported', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The largest file accepted (CSV or XLSX): the server's multipart cap per file. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The report keeps the first problems; the counts stay exact. */
export const IMPORT_REPORT_MAX = 1000;
/** Rows written per transaction. */
export const IMPORT_CHUNK_ROWS = 1000;
/** The most data rows one file may hold. */
export const IMPORT_MAX_ROWS = 200_000;

/** The fields a kind of import fills, in the order the wizard shows them; the required ones first. */
export const IMPORT_FIELDS = {
  patients: ['name', 'phone', 'dateOfBirth', 'gender', 'identity', 'email'],
  employees: ['name', 'employeeType', 'phone', 'identity', 'dateOfBirth', 'gender', 'hireDate', 'address', 'workingHours', 'email', 'clinics', 'speciality'],
  services: ['name', 'clinic', 'price', 'doctors', 'duration', 'description'],
  appointments: ['patient', 'doctor', 'clinic', 'service', 'date', 'time', 'reason'],
} as const satisfies Record<ImportKind, readonly string[]>;
export const IMPORT_REQUIRED_FIELDS: Record<ImportKind, readonly string[]> = {
  patients: ['name', 'phone', 'dateOfBirth', 'gender'],
  employees: ['name', 'employeeType', 'phone', 'identity', 'dateOfBirth', 'gender', 'hireDate', 'address', 'workingHours'],
  services: ['name', 'clinic', 'price', 'doctors'],
  appointments: ['patient', 'doctor', 'clinic', 'service', 'date', 'time'],
};

export const importKindSchema = z.enum(IMPORT_KINDS, { error: 'validation.imports.kind' });
/** { field: column header as the file writes it }. */
export const importMappingSchema = z.record(z.string().max(60), z.string().max(200)).refine((m) => Object.keys(m).length <= 40, { error: 'validation.tooBig' });

/** The form's text fields beside the file: the kind, and a mapping to use instead of the detected one (JSON text). */
export const importUploadFields = z.strictObject({
  kind: importKindSchema,
  /** The name the file had on the user's computer (shown in the history). */
  fileName: z.string().max(200).optional(),
  mapping: z.preprocess((v) => {
    if (typeof v !== 'string' || v === '') return v === '' ? undefined : v;
    try { return JSON.parse(v); } catch { return v; }
  }, importMappingSchema.optional()),
});

export const importRemapInput = z.strictObject({ mapping: importMappingSchema, version: versionSchema });
export const importStartInput = z.strictObject({
  /** Likely duplicates (same phone and birth date): import them too, or skip them. Same identity is always skipped. */
  duplicates: z.enum(['keep', 'skip'], { error: 'validation.invalidValue' }),
  version: versionSchema,
});
export const importUndoInput = z.strictObject({ version: versionSchema });
export const importListQuery = pageQuerySchema;
export const importParams = z.object({ id: idSchema });

/** One problem of the dry run: its row (1 is the header row), column (header) and a translated reason. */
export const importProblemSchema = z.object({
  row: z.number(),
  column: z.string().nullable(),
  /** refused | duplicate */
  kind: z.enum(['refused', 'duplicate']),
  message: z.string(),
  /** For a duplicate: the existing patient, or the earlier row of the file. */
  existing: z.object({ _id: z.string(), publicId: z.string(), name: z.string() }).nullable().optional(),
  duplicateOfRow: z.number().nullable().optional(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importBatchSchema = z.object({
  _id: z.string(),
  kind: importKindSchema,
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  mapping: z.record(z.string(), z.string()),
  totalRows: z.number(),
  validRows: z.number(),
  refusedRows: z.number(),
  duplicateRows: z.number(),
  importedRows: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  version: z.number(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

/** A batch with its report, and (after an upload or a re-check) the columns the file's header row names. */
export const importBatchDetailsSchema = importBatchSchema.extend({
  problems: z.array(importProblemSchema),
  columns: z.array(z.string()).optional(),
});
export type ImportBatchDetails = z.infer<typeof importBatchDetailsSchema>;

/** What refers to a batch's rows when its undo is refused. */
export const importReferencesSchema = z.object({ appointments: z.number(), invoices: z.number(), encounters: z.number() });
