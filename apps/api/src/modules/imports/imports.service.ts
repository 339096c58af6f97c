/**
 * Imports: an uploaded file becomes a batch checked by a dry run over every row; the import then runs as a job
 * (imports.job.ts); undo removes the batch's rows while nothing else refers to them. Audited once per batch.
 */
import { randomUUID } from 'node:crypto';
import {
  IMPORT_FIELDS, IMPORT_MAX_BYTES, IMPORT_REPORT_MAX, buildPagination, pageWindow,
  type ImportBatch, type ImportBatchDetails, type ImportKind,
} from '@clinic/shared';
import type { CountryCode } from 'libphonenumber-js';
import { PHONE_COUNTRY } from '../../lib/phone.js';
import type { Db } from '../../db/client.js';
import { FILE_CHUNK_BYTES } from '../../db/schema/index.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';
import { shownMessage } from '../../lib/stored-message.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import { insertJob, wakeRunners } from '../jobs/index.js';
import { todayIn } from '../patients/index.js';
import { headersOf, unmappedRequired, walkRows, type StoredProblem } from './imports.check.js';
import { detectMapping, rememberedForm, SUPPORTED_KINDS } from './imports.clean.js';
import { formatOf } from './imports.read.js';
import * as repo from './imports.repository.js';
import { appointmentReferences, deleteBatchAppointments } from './imports.appointments.js';
import { deleteBatchEmployees, employeeReferences } from './imports.employees.js';
import { deleteBatchServices, serviceReferences } from './imports.services.js';

/** `records`: a patient batch's other records (PATIENT_RECORD_TABLES of db/patient-tables: allergies, vitals, notes, documents...). */
type References = { appointments: number; invoices: number; encounters: number; records?: number };
/** Per kind: what refers to a batch's rows from outside it, and the removal of its rows. */
const UNDO: Partial<Record<ImportKind, { references: (db: Db, companyId: string, id: string) => Promise<References>; remove: (db: Db, companyId: string, id: string) => Promise<number> }>> = {
  patients: { references: repo.patientReferences, remove: repo.deleteBatchPatients },
  services: { references: serviceReferences, remove: deleteBatchServices },
  employees: { references: employeeReferences, remove: deleteBatchEmployees },
  appointments: { references: appointmentReferences, remove: deleteBatchAppointments },
};

export const IMPORT_JOB = 'import_batch';
const ENTITY = 'import_batch';
/** Phone numbers without a country code are read as this country's (the product's home market). */
export const IMPORT_COUNTRY: CountryCode = PHONE_COUNTRY;

export const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'errors.imports.tooLarge', { max: IMPORT_MAX_BYTES / 1024 / 1024 });

export function toBatch(row: repo.BatchRow, language: 'en' | 'ar'): ImportBatch {
  return {
    _id: row.id, kind: row.kind as ImportKind, fileName: row.fileName, status: row.status as ImportBatch['status'], mapping: row.mapping,
    totalRows: row.totalRows, validRows: row.validRows, refusedRows: row.refusedRows, duplicateRows: row.duplicateRows,
    importedRows: row.importedRows, lastError: shownMessage(row.lastError, language), createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null, undoneAt: row.undoneAt?.toISOString() ?? null, version: row.version,
  };
}

export function toDetails(ctx: { language: 'en' | 'ar' }, row: repo.BatchRow, columns?: string[]): ImportBatchDetails {
  const problems = (row.report as unknown as StoredProblem[]).map((p) => ({
    row: p.row, column: p.column, kind: p.kind, message: t(ctx, p.key, p.params as Record<string, string | number> | undefined),
    existing: p.existing ?? null, duplicateOfRow: p.duplicateOfRow ?? null,
  }));
  return { ...toBatch(row, ctx.language), problems, ...(columns ? { columns } : {}) };
}

interface CheckResult { mapping: Record<string, string>; columns: string[]; totalRows: number; validRows: number; refusedRows: number; duplicateRows: number; report: StoredProblem[] }

/** The dry run: every row walked, the counts exact, the report bounded. */
async function dryRun(deps: Deps, caller: Caller, kind: ImportKind, bytes: Uint8Array, asked: Record<string, string> | null, exceptBatch: string | null): Promise<CheckResult> {
  if (!SUPPORTED_KINDS.includes(kind)) throw new AppError(422, 'IMPORT_KIND_UNAVAILABLE', 'errors.imports.kindUnavailable');
  const columns = await headersOf(bytes);
  const fields: readonly string[] = IMPORT_FIELDS[kind];
  const mapping = asked
    ? Object.fromEntries(Object.entries(asked).filter(([f, h]) => fields.includes(f) && columns.includes(h)))
    : detectMapping(fields, columns, await repo.rememberedMapping(deps.db, caller.companyId, kind));
  const report: StoredProblem[] = unmappedRequired(kind, mapping, columns)
    .map((field) => ({ row: 1, column: null, kind: 'refused' as const, key: 'validation.imports.columnMissing', params: { field } }));
  const missing = report.length > 0;
  const result = { mapping, columns, totalRows: 0, validRows: 0, refusedRows: 0, duplicateRows: 0, report };
  const today = todayIn(caller.timeZone, clockNow(deps));
  for await (const chunk of walkRows(deps.db, caller.companyId, bytes, { kind, mapping, country: IMPORT_COUNTRY, today, exceptBatch, now: clockNow(deps) })) {
    for (const r of chunk) {
      result.totalRows += 1;
      if (missing || !r.value) result.refusedRows += 1;
      else result.validRows += 1;
      if (r.duplicate) result.duplicateRows += 1;
      if (!missing) for (const p of r.problems) if (report.length < IMPORT_REPORT_MAX) report.push(p);
    }
  }
  return result;
}

/** Upload: the file checked by its content, stored, and dry-run; the batch answers in status `checked`. */
export async function uploadImport(
  deps: Deps, ctx: RequestContext, caller: Caller, input: { kind: ImportKind; mapping?: Record<string, string> | undefined }, file: { bytes: Uint8Array; name: string },
): Promise<ImportBatchDetails> {
  const format = await formatOf(file.bytes);
  const check = await dryRun(deps, caller, input.kind, file.bytes, input.mapping ?? null, null);
  const fileId = randomUUID();
  const mime = format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  const row = await inTransaction(deps.db, async (db) => {
    await repo.storeImportFile(db, caller.companyId, caller.id, fileId, file.name, mime, file.bytes, FILE_CHUNK_BYTES);
    const batch = await repo.insertBatch(db, {
      companyId: caller.companyId, kind: input.kind, fileId, fileName: file.name, mapping: check.mapping, status: 'checked',
      totalRows: check.totalRows, validRows: check.validRows, refusedRows: check.refusedRows, duplicateRows: check.duplicateRows,
      report: check.report as unknown as Array<Record<string, unknown>>, createdBy: caller.id,
    });
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: ENTITY, entityId: batch.id,
      changes: { after: { kind: input.kind, fileName: file.name, totalRows: check.totalRows, validRows: check.validRows, refusedRows: check.refusedRows } },
    });
    return batch;
  });
  return toDetails(ctx, row, check.columns);
}

async function requireBatch(db: Db, caller: Caller, id: string) {
  const row = await repo.findBatch(db, caller.companyId, id);
  if (!row) throw notFound();
  return row;
}

const notReady = (status: string) => new AppError(409, 'IMPORT_NOT_READY', 'errors.imports.notReady', { status });

/** Another mapping for a checked batch: the stored file is dry-run again with it. */
export async function remapImport(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: { mapping: Record<string, string>; version: number }) {
  const before = await requireBatch(deps.db, caller, id);
  if (before.status !== 'checked') throw notReady(before.status);
  if (before.version !== input.version) throw staleRecord();
  const bytes = await repo.readImportFile(deps.db, caller.companyId, before.fileId);
  const check = await dryRun(deps, caller, before.kind as ImportKind, bytes, input.mapping, null);
  const row = await inTransaction(deps.db, async (db) => {
    const after = await repo.updateBatchAt(db, caller.companyId, id, { status: ['checked'], version: input.version }, {
      mapping: check.mapping, totalRows: check.totalRows, validRows: check.validRows, refusedRows: check.refusedRows,
      duplicateRows: check.duplicateRows, report: check.report as unknown as Array<Record<string, unknown>>,
    });
    if (!after) throw staleRecord();
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'remap', entity: ENTITY, entityId: id, changes: { before: { mapping: before.mapping }, after: { mapping: check.mapping } } });
    return after;
  });
  return toDetails(ctx, row, check.columns);
}

/** Starts the import: the batch to `importing`, its job queued, the mapping remembered for the organisation. */
export async function startImport(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: { duplicates: 'keep' | 'skip'; version: number }) {
  const before = await requireBatch(deps.db, caller, id);
  if (before.status !== 'checked') throw notReady(before.status);
  if (before.validRows === 0) throw new AppError(409, 'IMPORT_NOTHING_VALID', 'errors.imports.nothingValid');
  const row = await inTransaction(deps.db, async (db) => {
    const after = await repo.updateBatchAt(db, caller.companyId, id, { status: ['checked'], version: input.version }, { status: 'importing', startedAt: clockNow(deps), lastError: null });
    if (!after) throw staleRecord();
    await repo.rememberMapping(db, caller.companyId, before.kind, rememberedForm(before.mapping));
    await insertJob(db, { companyId: caller.companyId, kind: IMPORT_JOB, payload: { batchId: id, duplicates: input.duplicates, actorId: caller.id, timeZone: caller.timeZone }, runAt: clockNow(deps), maxAttempts: 3 });
    await wakeRunners(db);
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'start', entity: ENTITY, entityId: id, changes: { after: { duplicates: input.duplicates, validRows: before.validRows } } });
    return after;
  });
  return toBatch(row, ctx.language);
}

/** Undo: the batch's rows removed while nothing outside the batch refers to them (else 409 naming what does). */
export async function undoImport(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: { version: number }) {
  const before = await requireBatch(deps.db, caller, id);
  if (before.status !== 'imported' && before.status !== 'failed') throw notReady(before.status);
  const row = await inTransaction(deps.db, async (db) => {
    const kind = (UNDO[before.kind as ImportKind] ? before.kind : 'patients') as ImportKind;
    const undo = UNDO[kind]!;
    const refs = await undo.references(db, caller.companyId, id);
    // A patient's other records (allergies, "no known allergies", vitals, notes, documents...) hold the batch too:
    // their foreign keys cascade, so removing the patient would silently remove them.
    const inUse = () => kind === 'patients'
      ? new AppError(409, 'IMPORT_IN_USE', 'errors.imports.inUsePatients', { ...refs, records: refs.records ?? 0 }, undefined, { references: refs })
      : new AppError(409, 'IMPORT_IN_USE', 'errors.imports.inUse', refs, undefined, { references: refs });
    if (refs.appointments || refs.invoices || refs.encounters || refs.records) throw inUse();
    const after = await repo.updateBatchAt(db, caller.companyId, id, { status: ['imported', 'failed'], version: input.version }, { status: 'undone', undoneAt: clockNow(deps), undoneBy: caller.id });
    if (!after) throw staleRecord();
    const removed = await undo.remove(db, caller.companyId, id).catch((err: unknown) => {
      // Every reference is counted above; this only catches a restricting foreign key the count does not know yet
      // (a cascading one would not fail here, hence the test that compares the counted tables with the schema).
      if ((err as { code?: string; cause?: { code?: string } }).code === '23503' || (err as { cause?: { code?: string } }).cause?.code === '23503') {
        throw inUse();
      }
      throw err;
    });
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'undo', entity: ENTITY, entityId: id, changes: { before: { importedRows: before.importedRows }, after: { removed } } });
    return after;
  });
  return toBatch(row, ctx.language);
}

export async function getImport(deps: Deps, ctx: RequestContext, caller: Caller, id: string) {
  return toDetails(ctx, await requireBatch(deps.db, caller, id));
}

export async function listImports(deps: Deps, ctx: RequestContext, caller: Caller, q: { page: number; limit: number; allData?: boolean | undefined }) {
  const w = pageWindow(q);
  const { rows, total } = await repo.listBatches(deps.db, caller.companyId, w);
  return { data: rows.map((r) => toBatch(r, ctx.language)), pagination: buildPagination(w.page, w.limit, total) };
}
