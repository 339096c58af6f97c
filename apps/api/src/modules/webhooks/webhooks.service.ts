import {
  pageWindow, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_TEST_EVENT, type WebhookDeliveryRecord, type WebhookEndpointRecord, type WebhookEndpointWithSecret,
  type webhookEndpointInput, type webhookEndpointUpdate,
} from '@clinic/shared';
import type { z } from 'zod';
import type { Caller, Deps } from '../../lib/app-types.js';
import { clockNow } from '../../lib/app-types.js';
import { changedFields, recordAudit } from '../../lib/audit.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { seal } from '../../lib/secret-box.js';
import { shownMessage } from '../../lib/stored-message.js';
import { inOrganisationTransaction, inTransaction } from '../../lib/transaction.js';
import { staleOrMissing } from '../../lib/versioning.js';
import { wakeRunners } from '../jobs/index.js';
import { queueDelivery, SECRET_PURPOSE } from './webhooks.delivery.js';
import {
  countEndpoints, deleteEndpoint, type DeliveryRow, type EndpointRow, findDeliveries, findDelivery, findEndpoint, findEndpoints, insertEndpoint,
  type LastDelivery, lastDeliveryOf, updateEndpointAt,
} from './webhooks.repository.js';
import { newSecret } from './webhooks.signing.js';
import { checkTarget } from './webhooks.target.js';

/** Webhook endpoints of the caller's company: saved, changed, removed, their secret rotated, their deliveries. */

const ENTITY = 'webhook_endpoint';
type Language = RequestContext['language'];
type Input = z.output<typeof webhookEndpointInput>;
type Update = z.output<typeof webhookEndpointUpdate>;

const notFound = () => new AppError(404, 'WEBHOOK_ENDPOINT_NOT_FOUND', 'errors.webhooks.notFound');

function toRecord(row: EndpointRow, last: LastDelivery | null, language: Language): WebhookEndpointRecord {
  return {
    _id: row.id, url: row.url, description: row.description, events: row.events, enabled: row.enabled, disabledReason: shownMessage(row.disabledReason, language),
    disabledAt: row.disabledAt?.toISOString() ?? null, consecutiveFailures: row.consecutiveFailures, createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(), version: row.version,
    lastDelivery: last ? { status: last.status as 'pending', responseStatus: last.responseStatus, at: last.at.toISOString() } : null,
  };
}

export function deliveryRecord(row: DeliveryRow, language: Language): WebhookDeliveryRecord {
  return {
    _id: row.id, endpointId: row.endpointId, messageId: row.messageId, eventType: row.eventType, status: row.status as 'pending', attempts: row.attempts,
    responseStatus: row.responseStatus, responseBody: row.responseBody, lastError: shownMessage(row.lastError, language), replayOf: row.replayOf,
    createdAt: row.createdAt.toISOString(), lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null, deliveredAt: row.deliveredAt?.toISOString() ?? null,
    payload: row.payload,
  };
}

/** What the audit log keeps of an endpoint (never its secret). */
const auditable = (r: { url: string; description: string; events: string[]; enabled: boolean }) => ({ url: r.url, description: r.description, events: r.events, enabled: r.enabled });

/** Refuses a target that is not https or resolves to a private address (unless the operator allows them): a field error. */
async function assertTarget(deps: Deps, url: string): Promise<void> {
  const checked = await checkTarget(url, deps.config.webhooksAllowPrivateTargets);
  if (typeof checked !== 'string') return;
  if (checked === 'targetRefused') throw new AppError(422, 'WEBHOOK_TARGET_REFUSED', 'errors.webhooks.targetRefused', undefined, { url: 'errors.webhooks.targetRefused' });
  throw validationFailed({ url: `errors.webhooks.${checked}` });
}

async function requireEndpoint(deps: Deps, caller: Caller, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(deps.db, caller.companyId, id);
  if (!row) throw notFound();
  return row;
}

export async function listEndpoints(deps: Deps, ctx: RequestContext, caller: Caller): Promise<WebhookEndpointRecord[]> {
  return (await findEndpoints(deps.db, caller.companyId)).map((r) => toRecord(r, r.last, ctx.language));
}

export async function getEndpoint(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<WebhookEndpointRecord> {
  const row = await requireEndpoint(deps, caller, id);
  return toRecord(row, await lastDeliveryOf(deps.db, caller.companyId, id), ctx.language);
}

export async function createEndpoint(deps: Deps, ctx: RequestContext, caller: Caller, input: Input): Promise<WebhookEndpointWithSecret> {
  const full = () => new AppError(409, 'WEBHOOK_LIMIT', 'errors.webhooks.limit', { max: WEBHOOK_ENDPOINTS_MAX });
  // Counted before the target's name is resolved (a lookup costs time), and again where the endpoint is stored.
  if ((await countEndpoints(deps.db, caller.companyId)) >= WEBHOOK_ENDPOINTS_MAX) throw full();
  await assertTarget(deps, input.url);
  const secret = newSecret();
  // The organisation's lock: two endpoints created at once are counted one after the other.
  const row = await inOrganisationTransaction(deps.db, caller.companyId, async (tx) => {
    if ((await countEndpoints(tx, caller.companyId)) >= WEBHOOK_ENDPOINTS_MAX) throw full();
    const created = await insertEndpoint(tx, {
      companyId: caller.companyId, url: input.url, description: input.description, events: input.events, enabled: input.enabled,
      secretEnc: seal(deps.config.jwtSecret, SECRET_PURPOSE, secret), createdBy: caller.id,
    });
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: ENTITY, entityId: created.id, changes: { after: auditable(created) } });
    return created;
  });
  return { ...toRecord(row, null, ctx.language), secret };
}

export async function updateEndpoint(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: Update): Promise<WebhookEndpointRecord> {
  const before = await requireEndpoint(deps, caller, id);
  await assertTarget(deps, input.url);
  await inTransaction(deps.db, async (tx) => {
    const after = await updateEndpointAt(tx, caller.companyId, id, input.version, {
      url: input.url, description: input.description, events: input.events, enabled: input.enabled, updatedAt: clockNow(deps),
      // Turning an endpoint on again starts its count of failures afresh.
      ...(input.enabled && !before.enabled ? { disabledReason: null, disabledAt: null, consecutiveFailures: 0, failingSince: null } : {}),
    });
    if (!after) return staleOrMissing(async () => Boolean(await findEndpoint(tx, caller.companyId, id)), notFound);
    const changes = changedFields(auditable(before), auditable(after));
    if (changes) await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: ENTITY, entityId: id, changes });
  });
  return getEndpoint(deps, ctx, caller, id);
}

export async function removeEndpoint(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const gone = await deleteEndpoint(tx, caller.companyId, id);
    if (!gone) throw notFound();
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: ENTITY, entityId: id, changes: { before: auditable(gone) } });
  });
}

export async function rotateSecret(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<WebhookEndpointWithSecret> {
  const secret = newSecret();
  const row = await inTransaction(deps.db, async (tx) => {
    const after = await updateEndpointAt(tx, caller.companyId, id, null, { secretEnc: seal(deps.config.jwtSecret, SECRET_PURPOSE, secret), updatedAt: clockNow(deps) });
    if (!after) throw notFound();
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'rotate_secret', entity: ENTITY, entityId: id });
    return after;
  });
  return { ...toRecord(row, await lastDeliveryOf(deps.db, caller.companyId, id), ctx.language), secret };
}

export async function sendTestEvent(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<WebhookDeliveryRecord> {
  const endpoint = await requireEndpoint(deps, caller, id);
  const now = clockNow(deps);
  const row = await inTransaction(deps.db, async (tx) => {
    const payload = { type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data: { endpoint: endpoint.id, url: endpoint.url } };
    const queued = await queueDelivery(tx, endpoint, WEBHOOK_TEST_EVENT, payload, now);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'test', entity: ENTITY, entityId: id, changes: { after: { delivery: queued.id } } });
    await wakeRunners(tx);
    return queued;
  });
  return deliveryRecord(row, ctx.language);
}

export async function listDeliveries(deps: Deps, ctx: RequestContext, caller: Caller, endpointId: string, q: { page: number; limit: number; allData?: boolean | undefined }) {
  await requireEndpoint(deps, caller, endpointId);
  const w = pageWindow(q);
  const { rows, total } = await findDeliveries(deps.db, caller.companyId, endpointId, w);
  return { data: rows.map((r) => deliveryRecord(r, ctx.language)), total, page: w.page, limit: w.limit };
}

/** The same payload sent again as a new message (a new id), to the same endpoint. */
export async function replayDelivery(deps: Deps, ctx: RequestContext, caller: Caller, deliveryId: string): Promise<WebhookDeliveryRecord> {
  const original = await findDelivery(deps.db, caller.companyId, deliveryId);
  if (!original) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
  const endpoint = await requireEndpoint(deps, caller, original.endpointId);
  const now = clockNow(deps);
  const row = await inTransaction(deps.db, async (tx) => {
    const queued = await queueDelivery(tx, endpoint, original.eventType, original.payload, now, original.id);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'replay', entity: ENTITY, entityId: endpoint.id, changes: { after: { delivery: queued.id, replayOf: original.id } } });
    await wakeRunners(tx);
    return queued;
  });
  return deliveryRecord(row, ctx.language);
}
