/**
 * FHIR Bulk Data export (system level): kick-off answers 202 with a Content-Location to poll; polling answers 202
 * with X-Progress until the files are written, then the manifest; each file is NDJSON, one resource a line.
 *
 * The export reads the database in keyset batches (EXPORT_BATCH rows, in id order) and writes its file into the
 * database (fhir_export_chunks, whole lines in chunks of about FILE_CHUNK_BYTES) as it goes, so memory stays flat
 * whatever the size of the organisation and any server can answer the polling and the downloads. It runs in the
 * server that received the kick-off, renewing its heartbeat with every batch. If that server dies the heartbeat stops;
 * once it is older than WORK_LEASE_SECONDS the export is failed by whoever comes next: the next kick-off of the
 * company (in the same transaction as its own start, so a dead export never blocks a new one), polling, or the
 * sweep (sweepExports). A server shutting down marks its exports interrupted at once (stopExports) instead. Polling
 * an export stopped either way answers 410 FHIR_EXPORT_INTERRUPTED ("start a new one"); only an export that failed
 * on its own is a 500.
 */
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { FILE_CHUNK_BYTES } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { claimUnlessHeld, holdForTest, leaseCutoff } from '../../lib/lease.js';
import type { RequestContext } from '../../lib/request-context.js';
import { isId } from '../../lib/validation.js';
import {
  EXPORT_TYPES, deleteExport, deleteExportsBefore, exportBatch, exportChunksFrom, failExport, failStaleExports, findExportRow, finishExport, heartbeatExport,
  insertExport, insertExportChunk, type ExportRow, type ExportType,
} from './fhir.repository.js';
import {
  appointmentResource, healthcareServiceResource, locationResource, organizationResource, patientResource,
  practitionerResource, practitionerRoleResource, scheduleResource, type Resource,
} from './fhir.resources.js';
import { badParameter, valueOf, type Query } from './fhir.search.js';
import { fhirBase } from './fhir.http.js';
import { clinicalExportBatch, mayReadClinical, requireClinicalRead, type ExportAudience } from './clinical/clinical.service.js';
import { CLINICAL_TYPES, clinicalResource } from './clinical/registry.js';

export const EXPORT_BATCH = 1000;
/** Finished exports (and their files) are kept this long. */
export const EXPORT_KEEP_HOURS = 24;
/** Why an export whose heartbeat stopped was failed (kept in its row). */
export const EXPORT_STOPPED = 'stopped: its server stopped while writing the files (no heartbeat within the lease)';
/** Why an export was failed by its server's shutdown (kept in its row). */
export const EXPORT_SHUT_DOWN = 'stopped: its server shut down while writing the files';
export const NDJSON = 'application/fhir+ndjson';
const FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];

function shape(type: ExportType, row: any, companyId: string): Resource {
  switch (type) {
    case 'Patient': return patientResource(row);
    case 'Practitioner': return practitionerResource(row);
    case 'PractitionerRole': return practitionerRoleResource(row, companyId);
    case 'Schedule': return scheduleResource(row);
    case 'Organization': return organizationResource(row);
    case 'Location': return locationResource(row);
    case 'HealthcareService': return healthcareServiceResource(row, companyId);
    case 'Appointment': return appointmentResource({ ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) });
  }
}

/** One export file's chunks in order, a few at a time (each is about FILE_CHUNK_BYTES). */
async function* exportFileChunks(db: Db, companyId: string, exportId: string, type: string): AsyncGenerator<Buffer> {
  for (let from = 0; ;) {
    const rows = await exportChunksFrom(db, companyId, exportId, type, from, 4);
    for (const r of rows) yield r.data;
    if (rows.length < 4) return;
    from = rows.at(-1)!.seq + 1;
  }
}

/**
 * Reads the kick-off's parameters: `_outputFormat`, `_type` (a comma list), `_since` (an instant). Without `_type`
 * every type the caller may read is exported (the clinical types with `clinical_read` only); a clinical type asked for
 * without `clinical_read` is refused.
 */
function kickOffParams(q: Query, caller: Caller): { types: string[]; since: Date | null } {
  for (const name of Object.keys(q)) {
    if (!['_outputFormat', '_type', '_since'].includes(name)) {
      throw new AppError(400, 'FHIR_UNKNOWN_PARAMETER', 'errors.fhir.unknownParameter', { name: name.slice(0, 40) });
    }
  }
  const format = valueOf(q, '_outputFormat');
  if (format !== undefined && !FORMATS.includes(format)) throw new AppError(400, 'FHIR_UNSUPPORTED_FORMAT', 'errors.fhir.unsupportedFormat');
  const typeText = valueOf(q, '_type');
  const known: readonly string[] = [...EXPORT_TYPES, ...CLINICAL_TYPES];
  const types = typeText ? [...new Set(typeText.split(',').map((t) => t.trim()))] : [...EXPORT_TYPES, ...(mayReadClinical(caller) ? CLINICAL_TYPES : [])];
  if (!types.length || types.some((t) => !known.includes(t))) throw badParameter('_type');
  if (types.some((t) => CLINICAL_TYPES.includes(t))) requireClinicalRead(caller);
  const sinceText = valueOf(q, '_since');
  let since: Date | null = null;
  if (sinceText !== undefined) {
    const t = Date.parse(sinceText);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(sinceText) || !Number.isFinite(t) || t < Date.UTC(1900, 0, 1) || t > Date.UTC(3000, 0, 1)) throw badParameter('_since');
    since = new Date(t);
  }
  return { types, since };
}

/** The exports each server (its deps) is writing, by id, with their company and their end: what a shutdown stops. */
const writing = new WeakMap<Deps, Map<string, { companyId: string; ended: Promise<void> }>>();

/**
 * At a shutdown (before the database closes): the exports this server is writing are marked failed at once, as
 * interrupted (so polling says so right after the restart rather than "running" for a lease), and each stops at its
 * next batch (its heartbeat finds it no longer running); their statements in flight are waited for, at most
 * SHUTDOWN_TIMEOUT_SECONDS.
 */
export async function stopExports(deps: Deps, waitMs = deps.config.shutdownTimeoutSeconds * 1000): Promise<void> {
  const runs = writing.get(deps);
  if (!runs?.size) return;
  const all = [...runs];
  await Promise.all(all.map(([id, run]) => failExport(deps.db, run.companyId, id, EXPORT_SHUT_DOWN, { onlyRunning: true }).catch(() => undefined)));
  let limit: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(all.map(([, run]) => run.ended)),
    new Promise<void>((resolve) => { limit = setTimeout(resolve, waitMs); limit.unref(); }),
  ]);
  clearTimeout(limit);
}

/** Writes every requested type to its file (rows of fhir_export_chunks); the row says done (with counts) or failed. */
async function runExport(deps: Deps, who: ExportAudience, id: string, types: string[], since: Date | null): Promise<void> {
  const { companyId } = who;
  const output: Array<{ type: string; count: number; bytes: number }> = [];
  try {
    for (const type of types) {
      let count = 0;
      let bytes = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      // A chunk holds whole lines; a cancelled export (its row deleted) fails here on the foreign key, never the server.
      const flush = async () => {
        if (!pendingBytes) return;
        await insertExportChunk(deps.db, { companyId, exportId: id, type, seq, data: Buffer.concat(pending) });
        seq += 1;
        pending = [];
        pendingBytes = 0;
      };
      let after: string | null = null;
      const clinical = clinicalResource(type);
      for (;;) {
        let rowIds: string[];
        let resources: Resource[];
        if (clinical) {
          ({ cursors: rowIds, resources } = await clinicalExportBatch(deps, clinical, who, after, EXPORT_BATCH, since));
        } else {
          const rows = (await exportBatch(deps.database, type as ExportType, companyId, after, EXPORT_BATCH, since)) as Array<{ id: string }>;
          rowIds = rows.map((r) => r.id);
          resources = rows.map((r) => shape(type as ExportType, r, companyId));
        }
        if (!rowIds.length) break;
        for (const resource of resources) {
          const line = Buffer.from(JSON.stringify(resource) + '\n');
          pending.push(line);
          pendingBytes += line.length;
          bytes += line.length;
          if (pendingBytes >= FILE_CHUNK_BYTES) await flush();
        }
        count += resources.length;
        after = rowIds.at(-1)!;
        // Not running any more: cancelled (the DELETE removed the row and its chunks), or taken as dead and failed.
        if (!(await heartbeatExport(deps.db, companyId, id))) return;
        await holdForTest(deps.config, 'fhir-export');
        if (rowIds.length < EXPORT_BATCH) break;
      }
      await flush();
      output.push({ type, count, bytes });
    }
    await finishExport(deps.db, companyId, id, output);
  } catch (err) {
    // Only while still running: an export already failed (interrupted by a shutdown, taken as dead) keeps its reason.
    await failExport(deps.db, companyId, id, String((err as Error)?.message ?? err).slice(0, 500), { onlyRunning: true })
      .catch(() => undefined);
  }
}

/** Runs an export in the background, known to this server's shutdown (stopExports) until it ends. */
function runInBackground(deps: Deps, who: ExportAudience, id: string, types: string[], since: Date | null): void {
  let runs = writing.get(deps);
  if (!runs) writing.set(deps, (runs = new Map()));
  const ended = runExport(deps, who, id, types, since).finally(() => runs.delete(id));
  runs.set(id, { companyId: who.companyId, ended });
}

/** Failed exports whose server stopped (shut down, or died) while writing: nothing went wrong with the export itself. */
const INTERRUPTED = new Set([EXPORT_STOPPED, EXPORT_SHUT_DOWN]);

const keepCutoff = () => new Date(Date.now() - EXPORT_KEEP_HOURS * 3_600_000);

/** Removes the company's exports finished more than EXPORT_KEEP_HOURS ago, with their files (the chunks go with the row). */
async function forgetOldExports(deps: Deps, companyId: string): Promise<void> {
  await deleteExportsBefore(deps.db, companyId, keepCutoff());
}

/**
 * The sweep's part for exports, across companies: running exports whose heartbeat stopped are failed, exports past
 * EXPORT_KEEP_HOURS removed with their files, also for a company that never asks for an export again.
 */
export async function sweepExports(deps: { db: Db; config: { leaseSeconds: number } }): Promise<{ exportsFailed: number; exportsRemoved: number }> {
  const exportsFailed = await failStaleExports(deps.db, {}, leaseCutoff(deps.config), EXPORT_STOPPED);
  const exportsRemoved = await deleteExportsBefore(deps.db, null, keepCutoff());
  return { exportsFailed, exportsRemoved };
}

/**
 * One of the caller's own exports: only the person who started an export polls it, downloads its files or cancels it;
 * anyone else, even of the same company, gets the same 404 as for an unknown id (the id is not confirmed). A running
 * one whose server died is failed and reported so.
 */
async function findExport(deps: Deps, caller: Caller, id: string): Promise<ExportRow> {
  const missing = () => new AppError(404, 'FHIR_EXPORT_NOT_FOUND', 'errors.fhir.exportNotFound');
  if (!isId(id)) throw missing();
  const mine = await findExportRow(deps.db, caller.companyId, id, caller.id);
  if (!mine) throw missing();
  if (mine.status !== 'running') return mine;
  await failStaleExports(deps.db, { companyId: caller.companyId, id }, leaseCutoff(deps.config), EXPORT_STOPPED);
  const row = await findExportRow(deps.db, caller.companyId, id, caller.id);
  if (!row) throw missing();
  return row;
}

/**
 * Starts an export of the caller's company (`path` is the kick-off's path and query, kept for the manifest) and
 * answers the id to poll; one export runs at a time per company (429 FHIR_EXPORT_BUSY). A running export whose
 * heartbeat stopped (its server died) is failed in the same transaction and does not count.
 */
export async function startExport(deps: Deps, ctx: RequestContext, caller: Caller, q: Query, path: string): Promise<{ statusUrl: string }> {
  const { types, since } = kickOffParams(q, caller);
  await forgetOldExports(deps, caller.companyId);
  const row = await claimUnlessHeld(deps.db, {
    expire: (tx) => failStaleExports(tx, { companyId: caller.companyId }, leaseCutoff(deps.config), EXPORT_STOPPED),
    claim: async (tx) => {
      const created = await insertExport(tx, { companyId: caller.companyId, requestedBy: caller.id, request: path.slice(0, 2000), types, since });
      await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'export', entity: 'fhir', entityId: created.id, changes: { types, since } });
      return created;
    },
    busy: () => new AppError(429, 'FHIR_EXPORT_BUSY', 'errors.fhir.exportBusy'),
  });
  runInBackground(deps, { companyId: caller.companyId, actorId: caller.id, ctx }, row.id, types, since);
  return { statusUrl: `${fhirBase(ctx)}/$export-status/${row.id}` };
}

export interface ExportManifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: true;
  output: Array<{ type: string; url: string; count: number }>;
  error: [];
}

/**
 * Polling: `running` while the files are written, then the manifest (with its expiry). An export whose server stopped
 * while writing (a restart, a crash) is 410 FHIR_EXPORT_INTERRUPTED, to be started again; one that failed on its own
 * (an error while writing) is a 500.
 */
export async function exportStatus(
  deps: Deps, ctx: RequestContext, caller: Caller, id: string,
): Promise<{ running: true } | { running: false; expires: Date; manifest: ExportManifest }> {
  const row = await findExport(deps, caller, id);
  if (row.status === 'running') return { running: true };
  if (row.status === 'failed') {
    if (row.error !== null && INTERRUPTED.has(row.error)) throw new AppError(410, 'FHIR_EXPORT_INTERRUPTED', 'errors.fhir.exportInterrupted');
    throw new AppError(500, 'FHIR_EXPORT_FAILED', 'errors.fhir.exportFailed');
  }
  const base = fhirBase(ctx);
  return {
    running: false,
    expires: new Date(row.createdAt.getTime() + EXPORT_KEEP_HOURS * 3_600_000),
    manifest: {
      transactionTime: row.createdAt.toISOString(),
      request: `${ctx.origin}${row.request}`,
      requiresAccessToken: true,
      output: (row.output as Array<{ type: string; count: number }>).map((o) => ({ type: o.type, url: `${base}/$export-file/${row.id}/${o.type}`, count: o.count })),
      error: [],
    },
  };
}

/** Removes an export and its files; a running export stops at its next batch. */
export async function cancelExport(deps: Deps, caller: Caller, id: string): Promise<void> {
  const row = await findExport(deps, caller, id);
  await deleteExport(deps.db, caller.companyId, row.id);
}

/**
 * One file of a finished export of the caller's, read a few chunks at a time as the client takes it, with its length
 * when known. A clinical type's file needs `clinical_read` now, not only at the kick-off (a permission withdrawn since
 * also withdraws the files). Every file served is audited (`export_file` on the export, with its type and count).
 */
export async function openExportFile(
  deps: Deps, caller: Caller, id: string, type: string, ctx: RequestContext | null = null,
): Promise<{ content: Readable; bytes: number | null }> {
  const row = await findExport(deps, caller, id);
  if (CLINICAL_TYPES.includes(type)) requireClinicalRead(caller);
  const listed = row.status === 'done' ? (row.output as Array<{ type: string; count?: number; bytes?: number }>).find((o) => o.type === type) : undefined;
  if (!listed) throw notFound();
  await recordAudit(deps.db, ctx, {
    companyId: caller.companyId, actorId: caller.id, action: 'export_file', entity: 'fhir', entityId: row.id, changes: { type, count: listed.count ?? null },
  });
  return { content: Readable.from(exportFileChunks(deps.db, caller.companyId, row.id, type)), bytes: typeof listed.bytes === 'number' ? listed.bytes : null };
}
