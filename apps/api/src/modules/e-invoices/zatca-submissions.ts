import type { EInvoiceSubmissionRecord, EInvoiceSubmissionStatus } from '@clinic/shared';
import { pageWindow } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { listEnvelope } from '../../lib/list.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { shownMessage, storedMessage } from '../../lib/stored-message.js';
import { staleRecord } from '../../lib/versioning.js';
import { insertJob, wakeRunners, type ClaimedJob, type JobHandler } from '../jobs/index.js';
import { findSettings, type EInvoiceSettingsRow } from './e-invoices.repository.js';
import { KEY_UNREADABLE_MESSAGE, openSealed } from './sealed-secrets.js';
import { ZatcaClient, zatcaBaseUrl, ZatcaRefused, ZatcaUnreachable, type ZatcaCredentials, type ZatcaMessage, type ZatcaResult } from './zatca-client.js';
import {
  countSubmissions, dueForResend, findSubmission, findSubmissionListRow, insertSubmission, listSubmissions, updateSubmission, type SubmissionListRow,
} from './zatca-submissions.repository.js';

/*
 * Once a company is onboarded, every document it issues is sent to ZATCA: a simplified one is reported (within 24
 * hours), a standard one cleared. The row and its job commit with the issue; the job makes the call, and the row keeps
 * what the authority answered: reported or cleared, warning (accepted with warnings), rejected (with its messages).
 * An unreachable authority (network, time-out, 5xx) is tried again by the job with its backoff, and the row is failed
 * after the last attempt. Such a row is then sent again by the resend sweep (a job of the same kind, queued by the
 * failure, so it runs once whatever the number of servers): every RESEND_EVERY_MS at most, while its document is under
 * 24 hours old (the reporting deadline). A rejected row, or one the authority refused, waits for a person: a failed or
 * rejected row can be sent again by hand (retrySubmission).
 * A document may reach the authority while its answer does not reach the row (a time-out after ZATCA received it, a
 * server stopped between the call and the update, whose job another server takes over): sent again, the authority's
 * duplicate check answers that it already has it (409 to a report, 208 to a clearance; zatca-client.ts), and the row
 * is reported or cleared, not failed.
 */

export const SUBMISSION_JOB = 'e-invoices.submit';
/** Attempts of one send: 1 min, 2, 4, 8, 16 apart (modules/jobs), about half an hour in all. */
export const SUBMISSION_ATTEMPTS = 6;
/** The purpose the certificate's API secret is sealed under (lib/secret-box.ts). */
export const CSID_SECRET_PURPOSE = 'zatca-csid-secret';

const RETRYABLE: readonly string[] = ['failed', 'rejected'];

/** The least time between an attempt that could not reach the authority and the sweep's resend of the failed row. */
export const RESEND_EVERY_MS = 5 * 60_000;
/** The sweep resends only documents issued less than this long ago (a simplified one must be reported within 24 hours). */
export const RESEND_WINDOW_MS = 24 * 3_600_000;
/** Rows one run of the sweep queues again; a full batch queues the next run at once. */
const SWEEP_BATCH = 100;
const SWEEP_ATTEMPTS = 3;

async function enqueue(tx: Db, companyId: string, submissionId: string, now: Date) {
  await insertJob(tx, { companyId, kind: SUBMISSION_JOB, payload: { submissionId }, runAt: now, maxAttempts: SUBMISSION_ATTEMPTS });
  await wakeRunners(tx);
}

/** In the issuing transaction: the document's submission (reporting for simplified, clearance for standard) and its job. */
export async function planSubmission(tx: Db, companyId: string, eInvoiceId: string, simplified: boolean, now: Date): Promise<string> {
  const id = await insertSubmission(tx, { companyId, eInvoiceId, mode: simplified ? 'reporting' : 'clearance' });
  await enqueue(tx, companyId, id, now);
  return id;
}

/**
 * The production certificate's credentials, or null when the company is not onboarded; 409 E_INVOICE_KEY_UNREADABLE
 * when its secret was sealed under another server secret (sealed-secrets.ts).
 */
export function productionCredentials(settings: EInvoiceSettingsRow | null, secret: string | undefined): ZatcaCredentials | null {
  if (settings?.onboardingStatus !== 'onboarded' || !settings.csidToken || !settings.csidSecretEnc || !secret) return null;
  return { token: settings.csidToken, secret: openSealed(secret, CSID_SECRET_PURPOSE, settings.csidSecretEnc) };
}

/** The row's status for an answer of the authority. */
export function outcomeOf(mode: 'reporting' | 'clearance', result: ZatcaResult): EInvoiceSubmissionStatus {
  if (result.validation === 'ERROR' || result.status.startsWith('NOT_')) return 'rejected';
  if (result.validation === 'WARNING') return 'warning';
  return mode === 'reporting' ? 'reported' : 'cleared';
}

/** Sends one pending submission; throws (for the job to try again) when the authority could not be reached. */
async function send(deps: Deps, companyId: string, submissionId: string, now: Date): Promise<void> {
  const row = await findSubmission(deps.db, companyId, submissionId);
  if (!row || row.s.status !== 'pending') return;
  const { s, e } = row;
  const settings = await findSettings(deps.db, companyId);
  const attempts = s.attempts + 1;
  let credentials: ZatcaCredentials | null;
  try {
    credentials = productionCredentials(settings, deps.config.jwtSecret);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Sealed under another server secret: no attempt can succeed before the company onboards again. The message's
    // key is kept (translated when read) and the row can be sent again by hand once onboarded.
    await updateSubmission(deps.db, companyId, s.id, s.version, { status: 'failed', attempts, lastError: KEY_UNREADABLE_MESSAGE, resendAfter: null });
    return;
  }
  if (!settings || !credentials || settings.environment === 'none') {
    await updateSubmission(deps.db, companyId, s.id, s.version, { status: 'failed', attempts, lastError: storedMessage('errors.eInvoices.notOnboardedToSend'), resendAfter: null });
    return;
  }
  const client = new ZatcaClient(zatcaBaseUrl(deps.config, settings.environment as 'simulation' | 'production'));
  const mode = s.mode as 'reporting' | 'clearance';
  try {
    const result = await client.submit(credentials, mode, { invoiceHash: e.hash, uuid: e.uuid, xml: e.xml });
    const status = outcomeOf(mode, result);
    const accepted = mode === 'clearance' && (status === 'cleared' || status === 'warning');
    await updateSubmission(deps.db, companyId, s.id, s.version, {
      status, attempts, submittedAt: now, lastError: null, resendAfter: null,
      // `duplicate`: the authority had already accepted this document (its first answer was lost) and said so.
      response: { status: result.status, messages: result.messages, ...(result.duplicate && { duplicate: true }) },
      // A repeated clearance answered without the cleared invoice (some versions of the API) leaves the row's as it was.
      clearedXml: accepted ? (result.clearedXml ?? (result.duplicate ? undefined : null)) : null,
    });
  } catch (error) {
    if (error instanceof ZatcaRefused) {
      // The authority refused the call itself (credentials, a malformed request): not worth trying again by itself.
      await updateSubmission(deps.db, companyId, s.id, s.version, {
        status: 'failed', attempts, submittedAt: now, lastError: error.message, resendAfter: null, response: { status: `HTTP ${error.httpStatus}`, messages: error.messages },
      });
      return;
    }
    // Only an authority that could not be reached makes the row one the sweep sends again if this was its last attempt.
    const unreachable = error instanceof ZatcaUnreachable;
    await updateSubmission(deps.db, companyId, s.id, s.version, {
      attempts,
      lastError: unreachable ? storedMessage(`errors.eInvoices.${error.reason}`, error.status === undefined ? undefined : { status: error.status })
        : storedMessage('errors.eInvoices.sendFailed'), resendAfter: unreachable ? new Date(now.getTime() + RESEND_EVERY_MS) : null,
    });
    throw error;
  }
}

/** Queues a run of the resend sweep for the company at `runAt` (a job of the submissions' kind; see submissionJobHandler). */
async function queueSweep(tx: Db, companyId: string, runAt: Date): Promise<void> {
  await insertJob(tx, { companyId, kind: SUBMISSION_JOB, payload: { sweep: true }, runAt, maxAttempts: SWEEP_ATTEMPTS });
}

/**
 * Queues one failed submission again, by the system, if it is still due: failed after an attempt that could not reach
 * the authority, due since `now` at the latest, its document issued after `since`. Audited like a resend by hand.
 */
async function resendOne(deps: Deps, companyId: string, id: string, now: Date, since: Date): Promise<boolean> {
  return inTransaction(deps.db, async (tx) => {
    const row = await findSubmission(tx, companyId, id, true);
    if (!row || row.s.status !== 'failed' || !row.s.resendAfter || row.s.resendAfter > now || row.e.issuedAt <= since) return false;
    if (!(await updateSubmission(tx, companyId, id, row.s.version, { status: 'pending', lastError: null, resendAfter: null }))) return false;
    await enqueue(tx, companyId, id, now);
    await recordAudit(tx, null, {
      companyId, actorId: null, action: 'retry', entity: 'e_invoice_submission', entityId: id, changes: { before: { status: row.s.status }, after: { status: 'pending' } },
    });
    return true;
  });
}

/**
 * The resend sweep of a company: its submissions that failed because the authority could not be reached, whose time
 * has come (RESEND_EVERY_MS after that attempt) and whose document is under 24 hours old, are pending again with a new
 * job each. Returns how many it queued.
 */
export async function resendUnreached(deps: Deps, companyId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - RESEND_WINDOW_MS);
  const due = await dueForResend(deps.db, companyId, now, since, SWEEP_BATCH);
  let queued = 0;
  for (const id of due) if (await resendOne(deps, companyId, id, now, since)) queued += 1;
  if (due.length === SWEEP_BATCH) {
    await inTransaction(deps.db, async (tx) => {
      await queueSweep(tx, companyId, now);
      await wakeRunners(tx);
    });
  }
  return queued;
}

/**
 * The job of a submission (`submissionId`: send it), or a run of the resend sweep (`sweep`). When a send gives up
 * after an attempt that could not reach the authority, the row is failed and, while its document is under 24 hours
 * old, a sweep is queued (in the same transaction) for when the row is due, so every such row is sent again.
 */
export function submissionJobHandler(deps: Deps): JobHandler {
  return {
    run: async (job: ClaimedJob, now: Date) => {
      if (job.payload.sweep) await resendUnreached(deps, job.companyId, now);
      else await send(deps, job.companyId, String(job.payload.submissionId ?? ''), now);
    },
    async failed(job: ClaimedJob, _error: string, _now: Date, db: Db) {
      if (job.payload.sweep) return;
      const row = await findSubmission(db, job.companyId, String(job.payload.submissionId ?? ''));
      if (row?.s.status !== 'pending') return;
      // The last attempt's own reason (when it wrote one) is kept; the runner's text of the error is for the log.
      if (!(await updateSubmission(db, job.companyId, row.s.id, row.s.version, { status: 'failed', lastError: row.s.lastError ?? storedMessage('errors.eInvoices.sendFailed') }))) return;
      const at = row.s.resendAfter;
      if (at && at.getTime() < row.e.issuedAt.getTime() + RESEND_WINDOW_MS) await queueSweep(db, job.companyId, at);
    },
  };
}

function messagesOf(response: Record<string, unknown> | null): ZatcaMessage[] {
  const list = response?.messages;
  return Array.isArray(list) ? (list as ZatcaMessage[]) : [];
}

export function submissionRecord(r: SubmissionListRow, language: 'en' | 'ar'): EInvoiceSubmissionRecord {
  return {
    _id: r.s.id,
    document: { kind: r.kind as 'invoice' | 'credit_note', _id: r.documentId, displayNumber: r.invoiceNumber ?? r.noteNumber ?? null },
    icv: r.icv,
    mode: r.s.mode as EInvoiceSubmissionRecord['mode'],
    status: r.s.status as EInvoiceSubmissionStatus,
    attempts: r.s.attempts,
    messages: messagesOf(r.s.response ?? null),
    // Our own reasons are kept as catalogue keys (in the reader's language); the authority's refusals in its words.
    lastError: shownMessage(r.s.lastError, language),
    submittedAt: r.s.submittedAt?.toISOString() ?? null,
    createdAt: r.s.createdAt.toISOString(),
    version: r.s.version,
  };
}

export async function submissionsPage(deps: Deps, ctx: RequestContext, caller: Caller, q: { page: number; limit: number; allData?: boolean | undefined; status?: EInvoiceSubmissionStatus | undefined }) {
  const w = pageWindow(q);
  const [rows, total] = await Promise.all([
    listSubmissions(deps.db, caller.companyId, q.status, w.limit, w.offset),
    countSubmissions(deps.db, caller.companyId, q.status),
  ]);
  return listEnvelope(rows.map((r) => submissionRecord(r, ctx.language)), q, total);
}

/** A failed or rejected submission is pending again, with a new job that sends it now. */
export async function retrySubmission(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<EInvoiceSubmissionRecord> {
  const now = deps.clock?.() ?? new Date();
  return inTransaction(deps.db, async (tx) => {
    const row = await findSubmission(tx, caller.companyId, id, true);
    if (!row) throw new AppError(404, 'E_INVOICE_SUBMISSION_NOT_FOUND', 'errors.eInvoices.submissionNotFound');
    if (!RETRYABLE.includes(row.s.status)) throw new AppError(409, 'E_INVOICE_SUBMISSION_NOT_RETRYABLE', 'errors.eInvoices.submissionNotRetryable');
    if (!(await updateSubmission(tx, caller.companyId, id, row.s.version, { status: 'pending', lastError: null, resendAfter: null }))) throw staleRecord();
    await enqueue(tx, caller.companyId, id, now);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'retry', entity: 'e_invoice_submission', entityId: id, changes: { before: { status: row.s.status }, after: { status: 'pending' } },
    });
    return submissionRecord((await findSubmissionListRow(tx, caller.companyId, id))!, ctx.language);
  });
}
