import { and, count, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';

/** Queries of webhooks: every one scoped to the caller's company. */

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export interface LastDelivery { status: string; responseStatus: number | null; at: Date }

export async function findEndpoints(db: Db, companyId: string): Promise<Array<EndpointRow & { last: LastDelivery | null }>> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId)).orderBy(webhookEndpoints.createdAt);
  const last = new Map<string, LastDelivery>();
  if (rows.length) {
    const found = rowsOf<{ endpoint_id: string; status: string; response_status: number | null; created_at: string | Date }>(await db.execute(sql`
      select distinct on (endpoint_id) endpoint_id, status, response_status, created_at from webhook_deliveries
      where company_id = ${companyId} order by endpoint_id, created_at desc, id desc`));
    for (const r of found) last.set(r.endpoint_id, { status: r.status, responseStatus: r.response_status, at: new Date(r.created_at) });
  }
  return rows.map((r) => ({ ...r, last: last.get(r.id) ?? null }));
}

export async function findEndpoint(db: Db, companyId: string, id: string): Promise<EndpointRow | null> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)));
  return row ?? null;
}

export async function lastDeliveryOf(db: Db, companyId: string, endpointId: string): Promise<LastDelivery | null> {
  const [row] = await db.select({ status: webhookDeliveries.status, responseStatus: webhookDeliveries.responseStatus, at: webhookDeliveries.createdAt })
    .from(webhookDeliveries).where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(1);
  return row ?? null;
}

export async function countEndpoints(db: Db, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId));
  return Number(row?.n ?? 0);
}

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

/** Changes an endpoint if it is still at `version` (null: another version, or gone). */
export async function updateEndpointAt(db: Db, companyId: string, id: string, version: number | null, values: Partial<typeof webhookEndpoints.$inferInsert>): Promise<EndpointRow | null> {
  const where = [eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)];
  if (version !== null) where.push(eq(webhookEndpoints.version, version));
  const [row] = await db.update(webhookEndpoints).set({ ...values, version: sql`${webhookEndpoints.version} + 1` }).where(and(...where)).returning();
  return row ?? null;
}

export async function deleteEndpoint(db: Db, companyId: string, id: string): Promise<EndpointRow | null> {
  const [row] = await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id))).returning();
  return row ?? null;
}

/** The enabled endpoints that receive an event type. */
export async function subscribers(db: Db, companyId: string, type: string): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(and(
    eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
  ));
}

export async function insertDelivery(db: Db, values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

export async function findDelivery(db: Db, companyId: string, id: string): Promise<DeliveryRow | null> {
  const [row] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)));
  return row ?? null;
}

export async function findDeliveries(db: Db, companyId: string, endpointId: string, w: { limit: number; offset: number }) {
  const where = and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.endpointId, endpointId));
  const [rows, [total]] = await Promise.all([
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function updateDelivery(db: Db, companyId: string, id: string, values: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)));
}

/** Fails a delivery still pending (a delivered one, recorded just before its server died, stays delivered). */
export async function failPendingDelivery(db: Db, companyId: string, id: string): Promise<void> {
  await db.update(webhookDeliveries).set({ status: 'failed' })
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/** Counts one more failure in a row on the endpoint, the run's start kept (or set at its first failure): the new count and start. */
export async function countFailure(db: Db, companyId: string, id: string, now: Date): Promise<{ failures: number; failingSince: Date }> {
  const [row] = await db.update(webhookEndpoints).set({
    consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
    failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
  }).where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)))
    .returning({ n: webhookEndpoints.consecutiveFailures, since: webhookEndpoints.failingSince });
  return { failures: row?.n ?? 0, failingSince: row?.since ?? now };
}

/** A success ends the run of failures. */
export async function resetFailures(db: Db, companyId: string, id: string): Promise<void> {
  await db.update(webhookEndpoints).set({ consecutiveFailures: 0, failingSince: null })
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id),
      sql`(${webhookEndpoints.consecutiveFailures} > 0 or ${webhookEndpoints.failingSince} is not null)`));
}

/** Turns an endpoint off because it keeps failing, once: true when this call did. */
export async function disableFailing(db: Db, companyId: string, id: string, reason: string, now: Date): Promise<boolean> {
  const rows = await db.update(webhookEndpoints).set({ enabled: false, disabledReason: reason, disabledAt: now, version: sql`${webhookEndpoints.version} + 1` })
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true))).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function companyTimeZone(db: Db, companyId: string): Promise<string> {
  const rows = rowsOf<{ time_zone: string }>(await db.execute(sql`select time_zone from companies where id = ${companyId}`));
  return rows[0]?.time_zone ?? 'UTC';
}

/**
 * Deletes up to `batch` finished deliveries (delivered or failed) created before `before`, oldest first: the log keeps
 * what was sent (patients' names and contacts among it) only as long as it helps to follow a receiver's trouble.
 */
export async function deleteDeliveriesBefore(db: Db, before: Date, batch: number): Promise<number> {
  const oldest = db.select({ companyId: webhookDeliveries.companyId, id: webhookDeliveries.id }).from(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending'))).orderBy(webhookDeliveries.createdAt).limit(batch);
  const deleted = await db.delete(webhookDeliveries)
    .where(sql`(${webhookDeliveries.companyId}, ${webhookDeliveries.id}) in (${oldest})`)
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
