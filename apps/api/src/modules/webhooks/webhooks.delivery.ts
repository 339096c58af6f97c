import type { Db } from '../../db/client.js';
import { type Caller, clockNow, type Deps } from '../../lib/app-types.js';
import { open } from '../../lib/secret-box.js';
import { recordAudit } from '../../lib/audit.js';
import { storedMessage } from '../../lib/stored-message.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { getAppointment } from '../appointments/index.js';
import { getInvoice } from '../billing/index.js';
import { visitMarkedSensitive } from '../encounters/index.js';
import type { DomainEvent, DomainEvents } from '../events/index.js';
import { type ClaimedJob, insertJob, type JobHandler } from '../jobs/index.js';
import { notifyAdministrators, notifyEmployees } from '../notifications/index.js';
import { loadForWebhook } from '../patients/index.js';
import { WEBHOOK_EVENTS, type WebhookAppointment } from '@clinic/shared';
import {
  companyTimeZone, countFailure, deleteDeliveriesBefore, disableFailing, type EndpointRow, failPendingDelivery, findDelivery, findEndpoint, insertDelivery, resetFailures, subscribers, updateDelivery,
} from './webhooks.repository.js';
import { type DisabledBecause, queueDisabledEmails } from './webhooks.email.js';
import { newMessageId, signedHeaders } from './webhooks.signing.js';
import { checkTarget, postTo } from './webhooks.target.js';

/*
 * Delivering events to endpoints. A follower of the domain events (modules/events) writes, in the follower's
 * transaction, one delivery per enabled endpoint subscribed to the event's type (the message as it will be signed:
 * `{ type, timestamp, data }`, data the record as the API answers it) and one delivery job each. The job checks the
 * target again, signs (Standard Webhooks), sends, and records the answer; a failure is retried with the job queue's
 * backoff. An endpoint that fails FAILURES_TO_DISABLE times in a row, or has been failing for FAILING_HOURS_TO_DISABLE
 * (failing_since: set at the first failure of a run, cleared by a success), is turned off; its creator and the
 * administrators are told by the bell and by e-mail.
 */

export const WEBHOOK_JOB = 'webhook.delivery';
export const SECRET_PURPOSE = 'webhook-secret';
/** Attempts of one delivery: with the backoff (1 min, 2, 4 ... 256, then 6 h), about 26 hours. */
export const DELIVERY_ATTEMPTS = 13;
/** Failed attempts in a row after which an endpoint is turned off. */
export const FAILURES_TO_DISABLE = 20;
/** Hours of failing (since the first failure of the current run) after which an endpoint is turned off. */
export const FAILING_HOURS_TO_DISABLE = 24;
/** Days a finished delivery stays in the log. */
export const DELIVERY_RETENTION_DAYS = 30;

/** Removes finished deliveries older than DELIVERY_RETENTION_DAYS, in bounded batches (the rest at the next clean-up). */
export async function cleanUpDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000);
  let removed = 0;
  for (let i = 0; i < 10; i++) {
    const n = await deleteDeliveriesBefore(db, before, 500);
    removed += n;
    if (n < 500) break;
  }
  return removed;
}

/** A caller standing for the system when a follower reads a record as the API answers it. */
async function systemCaller(db: Db, companyId: string): Promise<Caller> {
  return { id: '00000000-0000-0000-0000-000000000000', companyId, permissions: [], plan: null, employeeType: 'system', timeZone: await companyTimeZone(db, companyId) };
}

/**
 * The record an event carries, read in the follower's transaction: what the API answers, less clinical content (a
 * receiver is configured by whoever manages webhooks, who need not be a clinician): the appointment without its visit
 * note (and without its reason once the visit's note is marked sensitive), the patient as `webhookPatient` (no health fields, notes, reports, visits or file links).
 */
async function recordOf(deps: Deps, tx: Db, e: DomainEvent): Promise<unknown> {
  const caller = await systemCaller(tx, e.companyId);
  const d = withDb(deps, tx);
  if ('appointmentId' in e) {
    if (e.type === 'appointment.deleted') return { _id: e.appointmentId, clinic: { _id: e.clinicId } };
    const record = await getAppointment(d, caller, e.appointmentId).catch(() => null);
    if (!record) return { _id: e.appointmentId };
    const { visitNote: _note, ...rest } = record;
    if (await visitMarkedSensitive(tx, e.companyId, e.appointmentId)) rest.reason = '';
    return rest satisfies WebhookAppointment;
  }
  if ('patientId' in e) return (await loadForWebhook(d, caller, e.patientId)) ?? { _id: e.patientId };
  return getInvoice(d, caller, e.invoiceId, tx);
}

/** A new delivery of `payload` to an endpoint and its job, in `tx`. */
export async function queueDelivery(tx: Db, endpoint: EndpointRow, eventType: string, payload: Record<string, unknown>, now: Date, replayOf: string | null = null) {
  const row = await insertDelivery(tx, {
    companyId: endpoint.companyId, endpointId: endpoint.id, messageId: newMessageId(), eventType, payload, replayOf, createdAt: now,
  });
  await insertJob(tx, { companyId: endpoint.companyId, kind: WEBHOOK_JOB, payload: { deliveryId: row.id }, runAt: now, maxAttempts: DELIVERY_ATTEMPTS });
  return row;
}

export function followWithWebhooks(deps: Deps, events: DomainEvents): void {
  events.on('webhooks', WEBHOOK_EVENTS, async (tx, e, now) => {
    const targets = await subscribers(tx, e.companyId, e.type);
    if (!targets.length) return;
    const payload = { type: e.type, timestamp: e.at, data: JSON.parse(JSON.stringify(await recordOf(deps, tx, e))) as unknown };
    for (const endpoint of targets) await queueDelivery(tx, endpoint, e.type, payload, now);
  });
}

/**
 * Turns the endpoint off, audited (by no one: the system), rings its creator's and the administrators' bells and
 * queues their e-mails, all in one transaction: an endpoint is never off without its audit row and its warnings.
 */
async function disable(deps: Deps, endpoint: EndpointRow, failures: number, because: DisabledBecause, now: Date): Promise<void> {
  const reason = 'hours' in because ? storedMessage('errors.webhooks.offFailingHours', { count: because.hours }) : storedMessage('errors.webhooks.offFailedInARow', { count: failures });
  await inTransaction(deps.db, async (tx) => {
    if (!(await disableFailing(tx, endpoint.companyId, endpoint.id, reason, now))) return;
    await recordAudit(tx, null, {
      companyId: endpoint.companyId, actorId: null, action: 'update', entity: 'webhook_endpoint', entityId: endpoint.id,
      changes: { by: 'system', before: { enabled: true }, after: { enabled: false, ...('hours' in because ? { failingHours: because.hours } : { failures }) } },
    });
    const d = withDb(deps, tx);
    const n = { kind: 'webhook_disabled' as const, entity: 'webhook_endpoint', entityId: endpoint.id, params: { url: endpoint.url, count: String(failures) } };
    if (endpoint.createdBy) {
      await notifyEmployees(d, endpoint.companyId, [endpoint.createdBy], { ...n, actorId: null });
      await notifyAdministrators(d, endpoint.companyId, { ...n, actorId: endpoint.createdBy });
    }
    await queueDisabledEmails(d, endpoint, because, now);
  });
}

/**
 * The endpoint's signing secret, or null when it cannot be unsealed (the server's secret changed, or the data was
 * restored into another installation): the attempt then fails like any other, so that the endpoint is turned off,
 * with its warnings, until someone rotates the secret.
 */
function secretOf(deps: Deps, endpoint: EndpointRow): string | null {
  try {
    return open(deps.config.jwtSecret, SECRET_PURPOSE, endpoint.secretEnc);
  } catch {
    return null;
  }
}

/** Sends one delivery; throws (to be retried) when it was not accepted. */
async function deliver(deps: Deps, job: ClaimedJob, now: Date): Promise<void> {
  const delivery = await findDelivery(deps.db, job.companyId, String(job.payload.deliveryId));
  if (!delivery || delivery.status !== 'pending') return;
  const endpoint = await findEndpoint(deps.db, job.companyId, delivery.endpointId);
  if (!endpoint || !endpoint.enabled) {
    await updateDelivery(deps.db, job.companyId, delivery.id, { status: 'failed', lastError: storedMessage('errors.webhooks.endpointOff') });
    return;
  }
  const target = await checkTarget(endpoint.url, deps.config.webhooksAllowPrivateTargets);
  const body = JSON.stringify(delivery.payload);
  // Stamped and signed as it leaves, not when the batch of jobs began: receivers refuse a timestamp minutes off.
  const sentAt = clockNow(deps);
  const attempt = { attempts: delivery.attempts + 1, lastAttemptAt: sentAt };
  const secret = secretOf(deps, endpoint);
  const result = typeof target === 'string' ? { status: null, body: null, error: storedMessage(`errors.webhooks.${target}`) }
    : secret === null ? { status: null, body: null, error: storedMessage('errors.webhooks.secretUnreadable') }
    : await postTo(target, signedHeaders(secret, delivery.messageId, Math.floor(sentAt.getTime() / 1000), body), body);
  if (result.status !== null && result.status >= 200 && result.status < 300) {
    // One commit: a delivery never stands delivered while its endpoint still counts the run of failures it ended.
    await inTransaction(deps.db, async (tx) => {
      await updateDelivery(tx, job.companyId, delivery.id, { ...attempt, status: 'delivered', responseStatus: result.status, responseBody: result.body, lastError: null, deliveredAt: clockNow(deps) });
      await resetFailures(tx, job.companyId, endpoint.id);
    });
    return;
  }
  const last = job.attempts >= job.maxAttempts;
  const error = result.error ?? storedMessage('errors.webhooks.answered', { status: result.status ?? 0 });
  // One commit: the failed attempt, its count on the endpoint and, at the limit, the endpoint turned off.
  const turnedOff = await inTransaction(deps.db, async (tx) => {
    await updateDelivery(tx, job.companyId, delivery.id, { ...attempt, status: last ? 'failed' : 'pending', responseStatus: result.status, responseBody: result.body, lastError: error });
    const at = clockNow(deps);
    const { failures, failingSince } = await countFailure(tx, job.companyId, endpoint.id, at);
    const failingHours = Math.floor((at.getTime() - failingSince.getTime()) / 3_600_000);
    const because: DisabledBecause | null = failures >= FAILURES_TO_DISABLE ? { failures }
      : failingHours >= FAILING_HOURS_TO_DISABLE ? { hours: failingHours } : null;
    if (!because) return false;
    await disable(withDb(deps, tx), endpoint, failures, because, now);
    await updateDelivery(tx, job.companyId, delivery.id, { status: 'failed' });
    return true;
  });
  if (turnedOff) return;
  throw new Error(error);
}

export function webhookJobHandler(deps: Deps): JobHandler {
  return {
    run: (job, now) => deliver(deps, job, now),
    failed: async (job, _error, _now, db) => {
      // Only a delivery still pending: the job may be given up after its last attempt recorded the receiver's answer.
      await failPendingDelivery(db, job.companyId, String(job.payload.deliveryId));
    },
  };
}
