import type { EInvoiceSubmissionRecord, EInvoiceSubmissionStatus } from '@clinic/shared';
import { pageWindow } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { listEnvelope } from '../../lib/list.js';
import type { RequestContext } from '../../lib/request-context.js';
import { open } from '../../lib/secret-box.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import { insertJob, wakeRunners, type ClaimedJob, type JobHandler } from '../jobs/index.js';
import { findSettings, type EInvoiceSettingsRow } from './e-invoices.repository.js';
import { ZatcaClient, zatcaBaseUrl, ZatcaRefused, ZatcaUnreachable, type ZatcaCredentials, type ZatcaMessage, type ZatcaResult } from './zatca-client.js';
import {
  countSubmissions, findSubmission, findSubmissionListRow, insertSubmission, listSubmissions, updateSubmission, type SubmissionListRow,
} from './zatca-submissions.repository.js';

/*
 * Once a company is onboarded, every document it issues is sent to ZATCA: a simplified one is reported (within 24
 * hours), a standard one cleared. The row and its job commit with the issue; the job makes the call, and the row keeps
 * what the authority answered: reported or cleared, warning (accepted with warnings), rejected (with its messages).
 * An unreachable authority (network, 5xx) is tried again by the job with its backoff, and the row is failed after the
 * last attempt. A failed or rejected row can be sent again (retrySubmission).
 */

export const SUBMISSION_JOB = 'e-invoices.submit';
/** Attempts of one send: 1 min, 2, 4, 8, 16 apart (modules/jobs), about half an hour in all. */
export const SUBMISSION_ATTEMPTS = 6;
/** The purpose the certificate's API secret is sealed under (lib/secret-box.ts). */
export const CSID_SECRET_PURPOSE = 'zatca-csid-secret';

const RETRYABLE: readonly string[] = ['failed', 'rejected'];

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

/** The production certificate's credentials, or null when the company is not onboarded. */
export function productionCredentials(settings: EInvoiceSettingsRow | null, secret: string | undefined): ZatcaCredentials | null {
  if (settings?.onboardingStatus !== 'onboarded' || !settings.csidToken || !settings.csidSecretEnc || !secret) return null;
  return { token: settings.csidToken, secret: open(secret, CSID_SECRET_PURPOSE, settings.csidSecretEnc) };
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
  const credentials = productionCredentials(settings, deps.config.jwtSecret);
  const attempts = s.attempts + 1;
  if (!settings || !credentials || settings.environment === 'none') {
    await updateSubmission(deps.db, companyId, s.id, s.version, { status: 'failed', attempts, lastError: 'not onboarded with the authority' });
    return;
  }
  const client = new ZatcaClient(zatcaBaseUrl(deps.config, settings.environment as 'simulation' | 'production'));
  const mode = s.mode as 'reporting' | 'clearance';
  try {
    const result = await client.submit(credentials, mode, { invoiceHash: e.hash, uuid: e.uuid, xml: e.xml });
    const status = outcomeOf(mode, result);
    await updateSubmission(deps.db, companyId, s.id, s.version, {
      status, attempts, submittedAt: now, lastError: null, response: { status: result.status, messages: result.messages },
      clearedXml: status === 'cleared' || (status === 'warning' && mode === 'clearance') ? result.clearedXml : null,
    });
  } catch (error) {
    if (error instanceof ZatcaRefused) {
      // The authority refused the call itself (credentials, a malformed request): not worth trying again by itself.
      await updateSubmission(deps.db, companyId, s.id, s.version, {
        status: 'failed', attempts, submittedAt: now, lastError: error.message, response: { status: `HTTP ${error.httpStatus}`, messages: error.messages },
      });
      return;
    }
    const text = error instanceof ZatcaUnreachable ? error.message : 'the call failed';
    await updateSubmission(deps.db, companyId, s.id, s.version, { attempts, lastError: text });
    throw error;
  }
}

export function submissionJobHandler(deps: Deps): JobHandler {
  return {
    run: (job: ClaimedJob, now: Date) => send(deps, job.companyId, String(job.payload.submissionId ?? ''), now),
    async failed(job: ClaimedJob, error: string, _now: Date, db: Db) {
      const row = await findSubmission(db, job.companyId, String(job.payload.submissionId ?? ''));
      if (row?.s.status === 'pending') await updateSubmission(db, job.companyId, row.s.id, row.s.version, { status: 'failed', lastError: error });
    },
  };
}

function messagesOf(response: Record<string, unknown> | null): ZatcaMessage[] {
  const list = response?.messages;
  return Array.isArray(list) ? (list as ZatcaMessage[]) : [];
}

export function submissionRecord(r: SubmissionListRow): EInvoiceSubmissionRecord {
  return {
    _id: r.s.id,
    document: { kind: r.kind as 'invoice' | 'credit_note', _id: r.documentId, displayNumber: r.invoiceNumber ?? r.noteNumber ?? null },
    icv: r.icv,
    mode: r.s.mode as EInvoiceSubmissionRecord['mode'],
    status: r.s.status as EInvoiceSubmissionStatus,
    attempts: r.s.attempts,
    messages: messagesOf(r.s.response ?? null),
    lastError: r.s.lastError,
    submittedAt: r.s.submittedAt?.toISOString() ?? null,
    createdAt: r.s.createdAt.toISOString(),
    version: r.s.version,
  };
}

export async function submissionsPage(deps: Deps, caller: Caller, q: { page: number; limit: number; allData?: boolean | undefined; status?: EInvoiceSubmissionStatus | undefined }) {
  const w = pageWindow(q);
  const [rows, total] = await Promise.all([
    listSubmissions(deps.db, caller.companyId, q.status, w.limit, w.offset),
    countSubmissions(deps.db, caller.companyId, q.status),
  ]);
  return listEnvelope(rows.map(submissionRecord), q, total);
}

/** A failed or rejected submission is pending again, with a new job that sends it now. */
export async function retrySubmission(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<EInvoiceSubmissionRecord> {
  const now = deps.clock?.() ?? new Date();
  return inTransaction(deps.db, async (tx) => {
    const row = await findSubmission(tx, caller.companyId, id, true);
    if (!row) throw new AppError(404, 'E_INVOICE_SUBMISSION_NOT_FOUND', 'errors.eInvoices.submissionNotFound');
    if (!RETRYABLE.includes(row.s.status)) throw new AppError(409, 'E_INVOICE_SUBMISSION_NOT_RETRYABLE', 'errors.eInvoices.submissionNotRetryable');
    if (!(await updateSubmission(tx, caller.companyId, id, row.s.version, { status: 'pending', lastError: null }))) throw staleRecord();
    await enqueue(tx, caller.companyId, id, now);
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'retry', entity: 'e_invoice_submission', entityId: id, changes: { before: { status: row.s.status }, after: { status: 'pending' } },
    });
    return submissionRecord((await findSubmissionListRow(tx, caller.companyId, id))!);
  });
}
