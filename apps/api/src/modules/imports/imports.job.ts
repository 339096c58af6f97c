/**
 * The import itself, run by the job runner: the stored file walked again (the same walk as the dry run), the accepted
 * rows written a chunk at a time, each chunk one transaction that also counts its rows in `imported_rows` (the
 * progress bar) and the file's row it has written through (`resume_row`). A runner that died mid-way leaves both as
 * of the last chunk that committed; the next attempt goes on after that row, so no row is written twice or left out
 * (whatever changed in between: a patient entered by hand that would now be a duplicate does not shift it).
 * A runner told to stop (its server shutting down, or the job taken over by another runner) stops before its next
 * chunk; the chunks it committed stay, and the next attempt goes on after them. Audited once, when the batch is done.
 */
import { IMPORT_CHUNK_ROWS, type AppointmentCreate, type ImportKind, type ServiceCreate } from '@clinic/shared';
import type { FastifyBaseLogger } from 'fastify';
import { clockNow, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { storedMessage } from '../../lib/stored-message.js';
import { inTransaction } from '../../lib/transaction.js';
import type { ClaimedJob, JobContext, JobHandler } from '../jobs/index.js';
import { todayIn } from '../patients/index.js';
import { walkRows } from './imports.check.js';
import type { PatientRow } from './imports.clean.js';
import * as repo from './imports.repository.js';
import { insertServices } from './imports.services.js';
import { insertEmployees, type EmployeeImport } from './imports.employees.js';
import { tagAppointments } from './imports.appointments.js';
import { AppError } from '../../lib/errors.js';
import { systemContext } from '../../lib/request-context.js';
import { withDb } from '../../lib/transaction.js';
import { bookAppointment } from '../appointments/index.js';
import type { Db } from '../../db/client.js';
import { companyIsOpen, credentialIsLive } from '../../lib/credential-liveness.js';
import { IMPORT_COUNTRY } from './imports.service.js';

interface Payload { batchId: string; duplicates: 'keep' | 'skip'; actorId: string | null; timeZone: string }

const quiet: FastifyBaseLogger = {
  level: 'silent', fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {}, silent: () => {}, child: () => quiet,
} as unknown as FastifyBaseLogger;

/**
 * Books a chunk of appointments through the booking entry point (its rules, audit, domain event and reminders), each
 * in its own savepoint: a row the database refuses now (a booking made by hand since the dry run) is left out.
 */
async function bookRows(deps: Deps & { db: Db }, companyId: string, batchId: string, p: Payload, rows: AppointmentCreate[]): Promise<number> {
  const caller = { id: p.actorId ?? '', companyId, permissions: [], plan: null, employeeType: 'Admin', timeZone: p.timeZone };
  const ctx = systemContext(quiet);
  const ids: string[] = [];
  for (const row of rows) {
    try {
      ids.push((await bookAppointment(deps, ctx, caller, row))._id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  await tagAppointments(deps.db, companyId, batchId, ids);
  return ids.length;
}

/** Whether the import may still write: the person who started it is active and may import, and the company is open. */
function starterMayImport(db: Db, companyId: string, p: Payload): Promise<boolean> {
  return p.actorId ? credentialIsLive(db, { companyId, employeeId: p.actorId }, 'data_import') : companyIsOpen(db, companyId);
}

/** Thrown inside a chunk's transaction when the import's starter can no longer import: the chunk is not written. */
class StarterGone extends Error {}

/**
 * Ends a batch whose starter's account ended (deactivated, deleted, no longer allowed to import) or whose company was
 * closed: it acts for that person, so it stops with them. What earlier chunks wrote stays, as with any failed batch
 * (undo takes it back); the stop is audited.
 */
async function stopForStarter(deps: Deps, companyId: string, p: Payload, written: number): Promise<void> {
  await inTransaction(deps.db, async (db) => {
    const stopped = await repo.updateBatchAt(db, companyId, p.batchId, { status: ['importing'], version: null }, {
      status: 'failed', lastError: storedMessage('errors.imports.starterEnded'), finishedAt: clockNow(deps),
    });
    if (!stopped) return;
    await recordAudit(db, null, {
      companyId, actorId: null, action: 'fail', entity: 'import_batch', entityId: p.batchId,
      changes: { after: { status: 'failed', importedRows: written, reason: 'starter_ended', startedBy: p.actorId } },
    });
  });
}

async function runImport(deps: Deps, companyId: string, p: Payload, signal: AbortSignal): Promise<void> {
  const batch = await repo.findBatch(deps.db, companyId, p.batchId);
  if (!batch || batch.status !== 'importing') return;
  if (!(await starterMayImport(deps.db, companyId, p))) {
    await stopForStarter(deps, companyId, p, batch.importedRows);
    return;
  }
  const bytes = await repo.readImportFile(deps.db, companyId, batch.fileId);
  // Rows of an earlier attempt are this batch's own: they are neither duplicates nor written again.
  const resumeAfter = batch.resumeRow;
  let written = batch.importedRows;
  let through = batch.resumeRow;
  let pending: Array<PatientRow | ServiceCreate | AppointmentCreate | EmployeeImport> = [];
  let pendingThrough = through;
  const flush = async () => {
    // Between chunks: a runner that must stop writes nothing more (the job runner gives the job back or leaves it to
    // the runner that took it over).
    signal.throwIfAborted();
    const rows = pending;
    const upTo = pendingThrough;
    pending = [];
    if (!rows.length) return;
    let count = rows.length;
    await inTransaction(deps.db, async (db) => {
      // Asked again for every chunk: an account ended while a long import runs stops it at the next chunk.
      if (!(await starterMayImport(db, companyId, p))) throw new StarterGone();
      if (batch.kind === 'appointments') count = await bookRows(withDb(deps, db), companyId, batch.id, p, rows as AppointmentCreate[]);
      else if (batch.kind === 'employees') await insertEmployees(db, companyId, batch.id, rows as EmployeeImport[]);
      else if (batch.kind === 'services') await insertServices(db, companyId, batch.id, rows as ServiceCreate[]);
      else await repo.insertPatients(db, companyId, batch.id, p.actorId, rows as PatientRow[]);
      // Counted only by the attempt that wrote on from where the batch stood: a second runner's chunk rolls back.
      if (!(await repo.advanceBatch(db, companyId, batch.id, through, { importedRows: written + count, resumeRow: upTo }))) throw new Error('import batch moved on');
    });
    written += count;
    through = upTo;
  };
  const today = todayIn(p.timeZone, clockNow(deps));
  const walk = walkRows(deps.db, companyId, bytes, { kind: batch.kind as ImportKind, mapping: batch.mapping, country: IMPORT_COUNTRY, today, exceptBatch: batch.id, now: clockNow(deps) });
  try {
    for await (const chunk of walk) {
      for (const r of chunk) {
        if (r.row <= resumeAfter) continue;
        if (!r.value || r.duplicate === 'identity' || (r.duplicate === 'phoneBirth' && p.duplicates === 'skip')) continue;
        pending.push(r.value);
        pendingThrough = r.row;
        if (pending.length >= IMPORT_CHUNK_ROWS) await flush();
      }
    }
    await flush();
  } catch (err) {
    if (!(err instanceof StarterGone)) throw err;
    await stopForStarter(deps, companyId, p, written);
    return;
  }
  await inTransaction(deps.db, async (db) => {
    const done = await repo.updateBatchAt(db, companyId, batch.id, { status: ['importing'], version: null }, { status: 'imported', finishedAt: clockNow(deps) });
    if (!done) return;
    await recordAudit(db, null, {
      companyId, actorId: p.actorId, action: 'import', entity: 'import_batch', entityId: batch.id,
      changes: { after: { kind: batch.kind, importedRows: written, duplicates: p.duplicates } },
    });
  });
}

export function importJobHandler(deps: Deps): JobHandler {
  return {
    async run(job: ClaimedJob, _now: Date, { signal }: JobContext) {
      await runImport(deps, job.companyId, job.payload as unknown as Payload, signal);
    },
    async failed(job: ClaimedJob, _error: string, _now: Date, db: Db) {
      // The error's own text stays on the job row, for the operator; the batch says what happened in the reader's words.
      const p = job.payload as unknown as Payload;
      await repo.updateBatchAt(db, job.companyId, p.batchId, { status: ['importing'], version: null }, { status: 'failed', lastError: storedMessage('errors.imports.stopped'), finishedAt: clockNow(deps) });
    },
  };
}
