/** Every query of lab and imaging orders. All of them are scoped by company. */
import { aliasedTable, and, asc, count, desc, eq, getTableColumns, inArray, isNull, not, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { pageWindow, type CatalogueListQuery, type OrderStatus } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  clinics, employees, files, orderCatalogueItems, orderCounters, orderItems, orderResults, orders, patients,
} from '../../db/schema/index.js';
import { likePattern } from '../../lib/list.js';
import { nextVersion } from '../../lib/versioning.js';
import { blankIfMasked, joinOn, maskedFor, sensitiveEncounter, sensitiveNote } from '../encounters/index.js';

export type CatalogueRow = typeof orderCatalogueItems.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// The catalogue

const catalogueQuery = (db: Db) => db.select({ item: orderCatalogueItems, clinicName: clinics.name }).from(orderCatalogueItems)
  .innerJoin(clinics, and(eq(clinics.companyId, orderCatalogueItems.companyId), eq(clinics.id, orderCatalogueItems.clinicId)));
export type CatalogueEntry = Awaited<ReturnType<ReturnType<typeof catalogueQuery>['execute']>>[number];

export async function findCataloguePage(db: Db, companyId: string, q: CatalogueListQuery) {
  const t = orderCatalogueItems;
  const pattern = q.search ? likePattern(q.search) : null;
  const where = and(
    eq(t.companyId, companyId),
    q.clinic ? eq(t.clinicId, q.clinic) : undefined,
    q.kind ? eq(t.kind, q.kind) : undefined,
    q.isActive !== undefined ? eq(t.isActive, q.isActive) : undefined,
    pattern ? sql`(${t.code} ilike ${pattern} or ${t.nameEn} ilike ${pattern} or ${t.nameAr} ilike ${pattern})` : undefined,
  );
  const w = pageWindow(q);
  const dir = q.order === 'asc' ? asc : desc;
  const sort = q.sortBy === 'code' ? t.code : q.sortBy === 'createdAt' ? t.createdAt : t.nameEn;
  const [rows, totals] = await Promise.all([
    catalogueQuery(db).where(where).orderBy(dir(sort), asc(t.id)).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findCatalogueEntry(db: Db, companyId: string, id: string): Promise<CatalogueEntry | null> {
  const [row] = await catalogueQuery(db).where(and(eq(orderCatalogueItems.companyId, companyId), eq(orderCatalogueItems.id, id))).limit(1);
  return row ?? null;
}

export async function catalogueItemsOf(db: Db, companyId: string, clinicId: string, ids: string[]): Promise<CatalogueRow[]> {
  if (!ids.length) return [];
  return db.select().from(orderCatalogueItems)
    .where(and(eq(orderCatalogueItems.companyId, companyId), eq(orderCatalogueItems.clinicId, clinicId), inArray(orderCatalogueItems.id, ids)));
}

export async function insertCatalogueItem(db: Db, values: typeof orderCatalogueItems.$inferInsert): Promise<string> {
  const [row] = await db.insert(orderCatalogueItems).values(values).returning({ id: orderCatalogueItems.id });
  return row!.id;
}

/** Changes an entry at the version the change is based on; null when no row matched. */
export async function updateCatalogueItemAtVersion(db: Db, companyId: string, id: string, version: number, set: Partial<typeof orderCatalogueItems.$inferInsert>) {
  const [row] = await db.update(orderCatalogueItems)
    .set({ ...set, version: nextVersion(orderCatalogueItems.version), updatedAt: sql`now()` })
    .where(and(eq(orderCatalogueItems.companyId, companyId), eq(orderCatalogueItems.id, id), eq(orderCatalogueItems.version, version)))
    .returning({ id: orderCatalogueItems.id });
  return row ?? null;
}

export async function clinicExists(db: Db, companyId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: clinics.id }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, id))).limit(1);
  return Boolean(row);
}

export async function patientName(db: Db, companyId: string, id: string): Promise<string | null> {
  const [row] = await db.select({ name: patients.name }).from(patients).where(and(eq(patients.companyId, companyId), eq(patients.id, id))).limit(1);
  return row?.name ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Orders

/** The next running number of a kind and year in the company: one upsert, so simultaneous orders never share one. */
export async function nextOrderSequence(db: Db, companyId: string, prefix: string, year: number): Promise<number> {
  const [row] = await db.insert(orderCounters).values({ companyId, prefix, year, last: 1 })
    .onConflictDoUpdate({ target: [orderCounters.companyId, orderCounters.prefix, orderCounters.year], set: { last: sql`${orderCounters.last} + 1` } })
    .returning({ last: orderCounters.last });
  return row!.last;
}

export async function insertOrder(db: Db, values: typeof orders.$inferInsert, items: Array<Omit<typeof orderItems.$inferInsert, 'orderId' | 'companyId'>>): Promise<string> {
  const [row] = await db.insert(orders).values(values).returning({ id: orders.id });
  await db.insert(orderItems).values(items.map((i) => ({ ...i, companyId: values.companyId, orderId: row!.id })));
  return row!.id;
}

const doctor = aliasedTable(employees, 'doctor');
const orderer = aliasedTable(employees, 'orderer');
const collector = aliasedTable(employees, 'collector');
const resulter = aliasedTable(employees, 'resulter');
const canceller = aliasedTable(employees, 'canceller');
const acknowledger = aliasedTable(employees, 'acknowledger');
const by = (e: typeof doctor, col: AnyColumn) => and(eq(e.companyId, orders.companyId), eq(e.id, col));

/**
 * The orders with their patient, clinic, people and result document, masked for a reader or read as stored.
 * `viewerId` given: as that employee may see them; an order placed at another doctor's sensitive encounter comes
 * flagged `restricted`, without its number, notes, cancel reason, result note and result document (joined only where not
 * masked), and its items and results are not read at all (see withParts). `viewerId` null: as stored, for what may
 * read every order whole (the lab's look-up by number, the ordering doctor's results, a change and its answer).
 */
function orderQuery(db: Db, viewerId: string | null) {
  const masked = viewerId === null ? sql<boolean>`false` : maskedFor(viewerId);
  const shown = (column: AnyPgColumn) => (viewerId === null ? column : blankIfMasked(column, viewerId));
  return db.select({
    // The number too: with it the lab's look-up by number (results.service.ts) would open what the list masks.
    order: { ...getTableColumns(orders), number: shown(orders.number), notes: shown(orders.notes), cancelReason: shown(orders.cancelReason), resultNote: shown(orders.resultNote) },
    patientName: patients.name, patientPublicId: patients.publicId, clinicName: clinics.name, doctorName: doctor.name,
    orderedByName: orderer.name, collectedByName: collector.name, resultedByName: resulter.name, cancelledByName: canceller.name,
    acknowledgedByName: acknowledger.name, file: files, restricted: masked,
  }).from(orders)
    .innerJoin(patients, and(eq(patients.companyId, orders.companyId), eq(patients.id, orders.patientId)))
    .innerJoin(clinics, and(eq(clinics.companyId, orders.companyId), eq(clinics.id, orders.clinicId)))
    .innerJoin(doctor, by(doctor, orders.doctorId))
    .leftJoin(orderer, by(orderer, orders.orderedBy))
    .leftJoin(collector, by(collector, orders.collectedBy))
    .leftJoin(resulter, by(resulter, orders.resultedBy))
    .leftJoin(canceller, by(canceller, orders.cancelledBy))
    .leftJoin(acknowledger, by(acknowledger, orders.acknowledgedBy))
    .leftJoin(sensitiveEncounter, joinOn.encounter(orders.companyId, orders.encounterId))
    .leftJoin(sensitiveNote, joinOn.note(orders.companyId, orders.encounterId))
    .leftJoin(files, and(eq(files.companyId, orders.companyId), eq(files.id, orders.resultFileId), viewerId === null ? undefined : not(masked)));
}

export interface OrderRow {
  order: typeof orders.$inferSelect;
  patientName: string; patientPublicId: string; clinicName: string; doctorName: string;
  orderedByName: string | null; collectedByName: string | null; resultedByName: string | null; cancelledByName: string | null; acknowledgedByName: string | null;
  file: typeof files.$inferSelect | null;
  /** A row of another doctor's sensitive encounter, read masked for its reader (see orderQuery). */
  restricted?: boolean;
}
export type ItemRow = typeof orderItems.$inferSelect;
export type ResultRow = typeof orderResults.$inferSelect;
export interface OrderBundle { row: OrderRow; items: ItemRow[]; results: ResultRow[] }

/** The orders' items and results, attached to each order. */
async function withParts(db: Db, companyId: string, rows: OrderRow[]): Promise<OrderBundle[]> {
  const ids = rows.filter((r) => !r.restricted).map((r) => r.order.id);
  if (!rows.length) return [];
  const [items, results] = await Promise.all([
    ids.length ? db.select().from(orderItems).where(and(eq(orderItems.companyId, companyId), inArray(orderItems.orderId, ids))).orderBy(asc(orderItems.position)) : [],
    ids.length ? db.select().from(orderResults).where(and(eq(orderResults.companyId, companyId), inArray(orderResults.orderId, ids))).orderBy(asc(orderResults.enteredAt), asc(orderResults.id)) : [],
  ]);
  return rows.map((row) => ({ row, items: items.filter((i) => i.orderId === row.order.id), results: results.filter((r) => r.orderId === row.order.id) }));
}

async function findOneWhere(db: Db, companyId: string, where: SQL | undefined): Promise<OrderBundle | null> {
  const rows = await orderQuery(db, null).where(and(eq(orders.companyId, companyId), where)).limit(1);
  const [bundle] = await withParts(db, companyId, rows);
  return bundle ?? null;
}

export const findOrder = (db: Db, companyId: string, id: string) => findOneWhere(db, companyId, eq(orders.id, id));
export const findOrderByNumber = (db: Db, companyId: string, number: string) => findOneWhere(db, companyId, eq(orders.number, number));

/** A patient's orders (optionally of one encounter), latest first, as `viewerId` may see them (see orderQuery). */
export async function findPatientOrders(
  db: Db, companyId: string, patientId: string, viewerId: string, q: { encounter?: string | undefined; page: number; limit: number; allData?: boolean | undefined },
) {
  const where = and(eq(orders.companyId, companyId), eq(orders.patientId, patientId), q.encounter ? eq(orders.encounterId, q.encounter) : undefined);
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    orderQuery(db, viewerId).where(where).orderBy(desc(orders.orderedAt), asc(orders.id)).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { bundles: await withParts(db, companyId, rows), total: totals[0]?.n ?? 0 };
}

/**
 * The doctor's resulted orders not yet acknowledged: abnormal first, then the latest results. Read as stored: they
 * are the orders the doctor placed.
 */
export async function findResultsToReview(db: Db, companyId: string, doctorId: string, q: { abnormalOnly?: boolean | undefined; page: number; limit: number; allData?: boolean | undefined }) {
  const where = and(
    eq(orders.companyId, companyId), eq(orders.doctorId, doctorId), eq(orders.status, 'resulted'), isNull(orders.acknowledgedAt),
    q.abnormalOnly ? eq(orders.abnormal, true) : undefined,
  );
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    orderQuery(db, null).where(where).orderBy(desc(orders.abnormal), desc(orders.resultedAt), asc(orders.id)).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { bundles: await withParts(db, companyId, rows), total: totals[0]?.n ?? 0 };
}

/**
 * Moves an order to `to` in one statement that re-checks its status is one of `from` and its version the one the
 * change is based on (when given); `set` adds the change's own columns. Answers whether a row changed.
 */
export async function moveOrder(
  db: Db, companyId: string, id: string, change: { from: OrderStatus[]; to: OrderStatus; version?: number | undefined; set: Partial<typeof orders.$inferInsert> },
): Promise<boolean> {
  const rows = await db.update(orders)
    .set({ ...change.set, status: change.to, version: nextVersion(orders.version), updatedAt: sql`now()` })
    .where(and(
      eq(orders.companyId, companyId), eq(orders.id, id), inArray(orders.status, change.from),
      change.version === undefined ? undefined : eq(orders.version, change.version),
    ))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Records the acknowledgement once, at the version it is based on. */
export async function acknowledgeOrder(db: Db, companyId: string, id: string, actorId: string, version: number): Promise<boolean> {
  const rows = await db.update(orders)
    .set({ acknowledgedAt: sql`now()`, acknowledgedBy: actorId, version: nextVersion(orders.version), updatedAt: sql`now()` })
    .where(and(eq(orders.companyId, companyId), eq(orders.id, id), eq(orders.status, 'resulted'), isNull(orders.acknowledgedAt), eq(orders.version, version)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function insertResults(db: Db, values: Array<typeof orderResults.$inferInsert>): Promise<void> {
  if (values.length) await db.insert(orderResults).values(values);
}
