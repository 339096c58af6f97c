/**
 * Lab and imaging orders: placed by a doctor (`order`), collected by the lab or a nurse (`result_write`), cancelled
 * with a reason, acknowledged by the ordering doctor once resulted. Every change re-checks the order's status (and
 * version) in the statement that makes it, and writes its audit row in the same transaction. Every read of an order
 * is a read of the patient's record: audited.
 */
import {
  formatOrderNumber, nextOrderStatus, ORDER_NUMBER_PREFIX, orderStatusesFor, type OrderAction, type OrderCreateInput, type OrderKind,
  type OrderRecord, type OrderStatus, type PatientOrderListQuery, type ResultsToReviewQuery, orderCreateInput,
} from '@clinic/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import { assertEncounterOfPatient, assertNotSensitiveEncounterFor } from '../encounters/index.js';
import { todayIn } from '../patients/index.js';
import { toOrderRecord } from './order-record.js';
import {
  acknowledgeOrder, catalogueItemsOf, clinicExists, findOrder, findPatientOrders, findResultsToReview, insertOrder, moveOrder, nextOrderSequence,
  patientName, type OrderBundle,
} from './orders.repository.js';

export const orderNotFound = () => new AppError(404, 'ORDER_NOT_FOUND', 'errors.orders.notFound');
export const statusConflict = (ctx: RequestContext, status: string) =>
  new AppError(409, 'ORDER_STATUS_CONFLICT', 'errors.orders.statusConflict', { status: t(ctx, `orders.status.${status}`) });

/** Every read of orders is written to the audit log as a read of the patient's record. */
export function auditOrderRead(db: Db, ctx: RequestContext, caller: Caller, patientId: string, orderIds: string[]): Promise<void> {
  return recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'read', entity: 'patient', entityId: patientId, changes: { part: 'orders', orders: orderIds } });
}

export async function loadOrder(db: Db, caller: Caller, id: string): Promise<OrderBundle> {
  const bundle = await findOrder(db, caller.companyId, id);
  if (!bundle) throw orderNotFound();
  return bundle;
}

/** Places an order of one kind for a patient; the caller is the ordering doctor. Its number is the next of the year. */
export async function createOrder(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, input: z.output<typeof orderCreateInput>): Promise<OrderRecord> {
  if ((await patientName(deps.db, caller.companyId, patientId)) === null) throw notFound();
  await assertEncounterOfPatient(deps.db, caller.companyId, input.encounter, patientId, 'encounter');
  // Placed at another doctor's sensitive encounter only by that doctor or through a break-the-glass grant, as for its
  // diagnoses and medications (the orderer could not read back what they wrote there).
  if (input.encounter) await assertOrderOpenTo(deps.db, caller, { encounterId: input.encounter }, 'change');
  const id = await inTransaction(deps.db, async (db) => {
    if (!(await clinicExists(db, caller.companyId, input.clinic))) throw validationFailed({ clinic: 'validation.orders.clinicUnknown' });
    const found = await catalogueItemsOf(db, caller.companyId, input.clinic, input.items);
    const byId = new Map(found.map((i) => [i.id, i]));
    input.items.forEach((itemId, i) => {
      const item = byId.get(itemId);
      if (!item) throw validationFailed({ [`items.${i}`]: 'validation.orders.itemUnknown' });
      if (!item.isActive) throw validationFailed({ [`items.${i}`]: 'validation.orders.itemInactive' });
    });
    const kinds = new Set(found.map((i) => i.kind));
    if (kinds.size > 1) throw validationFailed({ items: 'validation.orders.mixedKinds' });
    const kind = found[0]!.kind as OrderKind;
    const year = Number(todayIn(caller.timeZone).slice(0, 4));
    const number = formatOrderNumber(kind, year, await nextOrderSequence(db, caller.companyId, ORDER_NUMBER_PREFIX[kind], year));
    const orderId = await insertOrder(db, {
      companyId: caller.companyId, number, kind, patientId, doctorId: caller.id, clinicId: input.clinic, encounterId: input.encounter ?? null,
      priority: input.priority, notes: input.notes, orderedBy: caller.id,
    }, input.items.map((itemId, position) => {
      const item = byId.get(itemId)!;
      return { catalogueItemId: itemId, position, code: item.code, nameEn: item.nameEn, nameAr: item.nameAr, analytes: item.analytes };
    }));
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'order', entityId: orderId,
      changes: { after: { number, kind, patient: patientId, clinic: input.clinic, encounter: input.encounter ?? null, items: found.map((i) => i.code), priority: input.priority } },
    });
    return orderId;
  });
  return toOrderRecord(deps, await loadOrder(deps.db, caller, id));
}

/** A patient's orders; one placed at another doctor's sensitive encounter is masked (its tests and results are not read). */
export async function listPatientOrders(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, q: PatientOrderListQuery) {
  if ((await patientName(deps.db, caller.companyId, patientId)) === null) throw notFound();
  const { bundles, total } = await findPatientOrders(deps.db, caller.companyId, patientId, caller.id, q);
  await auditOrderRead(deps.db, ctx, caller, patientId, bundles.map((b) => b.row.order.id));
  return { data: bundles.map((b) => toOrderRecord(deps, b)), total };
}

/**
 * GET /api/orders/:id (and its printed requisition): the whole order. One placed at another doctor's sensitive
 * encounter is refused (403 SENSITIVE_NOTE with the encounter's id) unless the caller holds a break-the-glass grant;
 * the lab reads it by its full number instead (findByNumber).
 */
export async function getOrder(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<OrderRecord> {
  const bundle = await loadOrder(deps.db, caller, id);
  await assertOrderOpenTo(deps.db, caller, bundle.row.order, 'read');
  await auditOrderRead(deps.db, ctx, caller, bundle.row.order.patientId, [id]);
  return toOrderRecord(deps, bundle);
}

/** The caller's results not yet acknowledged, abnormal first: each patient's read is audited. */
export async function resultsToReview(deps: Deps, ctx: RequestContext, caller: Caller, q: ResultsToReviewQuery) {
  const { bundles, total } = await findResultsToReview(deps.db, caller.companyId, caller.id, q);
  const byPatient = new Map<string, string[]>();
  for (const b of bundles) byPatient.set(b.row.order.patientId, [...(byPatient.get(b.row.order.patientId) ?? []), b.row.order.id]);
  for (const [patientId, ids] of byPatient) await auditOrderRead(deps.db, ctx, caller, patientId, ids);
  return { data: bundles.map((b) => toOrderRecord(deps, b)), total };
}

/**
 * Refuses (403 SENSITIVE_NOTE with the encounter's id) an order of another doctor's sensitive encounter to a caller who
 * is neither that doctor nor a holder of a break-the-glass grant for it: its `use` is a read of it or a change to it.
 */
export async function assertOrderOpenTo(db: Db, caller: Caller, order: { encounterId: string | null }, use: 'read' | 'change'): Promise<void> {
  if (order.encounterId) await assertNotSensitiveEncounterFor(db, caller.companyId, order.encounterId, caller.id, use);
}

/**
 * Moves an order by `action` inside `db` (a transaction): the statement re-checks the status the action starts from
 * and the version; a refusal says whether the order is gone, in another status (409) or was changed meanwhile (409).
 * `guard`: the order is first checked open to the caller (assertOrderOpenTo) for that use.
 */
export async function transition(
  db: Db, ctx: RequestContext, caller: Caller, id: string,
  change: {
    action: OrderAction; version?: number | undefined; set: Parameters<typeof moveOrder>[3]['set']; audit?: Record<string, unknown>;
    guard?: 'read' | 'change';
  },
): Promise<OrderBundle> {
  const before = await loadOrder(db, caller, id);
  const o = before.row.order;
  if (change.guard) await assertOrderOpenTo(db, caller, o, change.guard);
  const kind = o.kind as OrderKind;
  const to = nextOrderStatus(o.status as OrderStatus, change.action, kind);
  if (!to) throw statusConflict(ctx, o.status);
  const moved = await moveOrder(db, caller.companyId, id, { from: orderStatusesFor(change.action, kind), to, version: change.version, set: change.set });
  if (!moved) {
    const now = await loadOrder(db, caller, id);
    if (nextOrderStatus(now.row.order.status as OrderStatus, change.action, kind) === null) throw statusConflict(ctx, now.row.order.status);
    throw staleRecord();
  }
  await recordAudit(db, ctx, {
    companyId: caller.companyId, actorId: caller.id, action: change.action, entity: 'order', entityId: id,
    changes: { patient: o.patientId, number: o.number, before: { status: o.status }, after: { status: to, ...(change.audit ?? {}) } },
  });
  return before;
}

export async function collectOrder(deps: Deps, ctx: RequestContext, caller: Caller, id: string, version: number): Promise<OrderRecord> {
  // Its answer is the whole order: one of another doctor's sensitive encounter is collected by that doctor or through
  // a break-the-glass grant (403 SENSITIVE_NOTE otherwise, as for reading it by its id).
  await inTransaction(deps.db, (db) => transition(db, ctx, caller, id, { action: 'collect', version, set: { collectedAt: new Date(), collectedBy: caller.id }, guard: 'read' }));
  return toOrderRecord(deps, await loadOrder(deps.db, caller, id));
}

/**
 * Cancels an order with a reason. One placed at another doctor's sensitive encounter is cancelled only by that doctor
 * or through a break-the-glass grant (403 SENSITIVE_NOTE otherwise: the answer is the whole order).
 */
export async function cancelOrder(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: { reason: string; version: number }): Promise<OrderRecord> {
  await inTransaction(deps.db, (db) => transition(db, ctx, caller, id, {
    action: 'cancel', version: input.version, set: { cancelledAt: new Date(), cancelledBy: caller.id, cancelReason: input.reason }, audit: { reason: input.reason },
    guard: 'change',
  }));
  return toOrderRecord(deps, await loadOrder(deps.db, caller, id));
}

/** The ordering doctor acknowledges the results once (who and when recorded, audited). */
export async function acknowledgeResults(deps: Deps, ctx: RequestContext, caller: Caller, id: string, version: number): Promise<OrderRecord> {
  await inTransaction(deps.db, async (db) => {
    const { row } = await loadOrder(db, caller, id);
    const o = row.order;
    if (o.doctorId !== caller.id) throw new AppError(403, 'ORDER_NOT_YOURS', 'errors.orders.notYours');
    if (o.status !== 'resulted') throw new AppError(409, 'ORDER_NOT_RESULTED', 'errors.orders.notResulted');
    if (!(await acknowledgeOrder(db, caller.companyId, id, caller.id, version))) {
      if ((await loadOrder(db, caller, id)).row.order.acknowledgedAt) throw statusConflict(ctx, 'resulted');
      throw staleRecord();
    }
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'acknowledge', entity: 'order', entityId: id,
      changes: { patient: o.patientId, number: o.number, abnormal: o.abnormal },
    });
  });
  return toOrderRecord(deps, await loadOrder(deps.db, caller, id));
}

export type { OrderCreateInput };
