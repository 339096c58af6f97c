import { and, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { currencyMinorDigits, type CashBoxClose, type CashBoxSummary, type CashBoxTransaction, type CashBoxTransactionKind, type Ref } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { cashBoxCloses, cashBoxes, cashBoxTransactions, clinics, companyProfiles, employees, invoices } from '../../db/schema/index.js';
import { qualified, refOf, rowsOf } from '../../lib/sql.js';
import { billingCurrency } from './billing.repository.js';

/** A `cashBoxes` row of the company profile or of a clinic, as the organisation screens keep it. */
export interface CashBoxConfig {
  name: string;
  pic?: string | null;
  location?: string | null;
  currency?: string | null;
  isActive?: boolean;
}
/** An online payment method row (company profile or clinic). */
export interface PaymentMethodConfig {
  companyName: string;
  processingFees?: number | null;
  isActive?: boolean;
}

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const key = (clinicId: string | null, name: string) => `${clinicId ?? ''}|${name.trim().toLowerCase()}`;

/** The cash boxes the organisation screens define: the company profile's and every clinic's (or one clinic's). */
export async function configuredCashBoxes(db: Db, companyId: string, clinicId?: string) {
  const [profile] = await db.select({ boxes: companyProfiles.cashBoxes }).from(companyProfiles).where(eq(companyProfiles.companyId, companyId)).limit(1);
  const clinicRows = await db.select({ id: clinics.id, name: clinics.name, publicId: clinics.publicId, details: clinics.details }).from(clinics)
    .where(clinicId ? and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId)) : eq(clinics.companyId, companyId));
  const out = new Map<string, { clinic: Ref | null; config: CashBoxConfig }>();
  for (const b of listOf<CashBoxConfig>(profile?.boxes)) if (b?.name?.trim()) out.set(key(null, b.name), { clinic: null, config: b });
  for (const c of clinicRows) {
    const details = (c.details ?? {}) as { cashBoxes?: unknown };
    for (const b of listOf<CashBoxConfig>(details.cashBoxes)) {
      if (b?.name?.trim()) out.set(key(c.id, b.name), { clinic: { _id: c.id, name: c.name, publicId: c.publicId }, config: b });
    }
  }
  return out;
}

/** Gives every configured cash box its row (and so its id); rows of boxes already known are left as they are. */
export async function registerCashBoxes(db: Db, companyId: string, configured: Map<string, { clinic: Ref | null; config: CashBoxConfig }>) {
  const values = [...configured.values()].map((b) => ({ companyId, clinicId: b.clinic?._id ?? null, name: b.config.name.trim() }));
  if (values.length) await db.insert(cashBoxes).values(values).onConflictDoNothing();
}

export type CashBoxRow = typeof cashBoxes.$inferSelect;

export async function cashBoxRows(db: Db, companyId: string, ids?: string[]) {
  return db.select({
    b: cashBoxes,
    balance: sql<string>`(select coalesce(sum(t.amount), 0) from ${cashBoxTransactions} t where t.company_id = ${qualified(cashBoxes.companyId)} and t.cash_box_id = ${qualified(cashBoxes.id)})`,
    lastClosedOn: sql<string | null>`(select max(c.day)::text from ${cashBoxCloses} c where c.company_id = ${qualified(cashBoxes.companyId)} and c.cash_box_id = ${qualified(cashBoxes.id)})`,
  }).from(cashBoxes)
    .where(ids ? and(eq(cashBoxes.companyId, companyId), inArray(cashBoxes.id, ids)) : eq(cashBoxes.companyId, companyId))
    .orderBy(cashBoxes.clinicId, cashBoxes.name);
}

export function toCashBoxSummary(
  r: { b: CashBoxRow; balance: string; lastClosedOn: string | null },
  configured: Map<string, { clinic: Ref | null; config: CashBoxConfig }>,
  fallbackCurrency: string,
): CashBoxSummary {
  const found = configured.get(key(r.b.clinicId, r.b.name));
  const config = found?.config;
  return {
    _id: r.b.id,
    name: r.b.name,
    clinic: r.b.clinicId ? (found?.clinic ?? { _id: r.b.clinicId, name: '' }) : null,
    pic: config?.pic ?? null,
    location: config?.location ?? null,
    currency: config?.currency?.trim() || fallbackCurrency,
    // A box no longer in the organisation screens (removed or renamed) is kept with its history, inactive.
    isActive: Boolean(config) && config!.isActive !== false,
    balance: Number(r.balance),
    lastClosedOn: r.lastClosedOn,
  };
}

/** Locks a cash box's row for the rest of the transaction (payments into it and its close queue on it). */
export async function lockCashBox(tx: Db, companyId: string, id: string) {
  const [row] = await tx.select().from(cashBoxes).where(and(eq(cashBoxes.companyId, companyId), eq(cashBoxes.id, id))).limit(1).for('update');
  return row ?? null;
}

export async function cashBoxBalance(db: Db, companyId: string, id: string): Promise<number> {
  const [row] = await db.select({ sum: sql<string>`coalesce(sum(${cashBoxTransactions.amount}), 0)` }).from(cashBoxTransactions)
    .where(and(eq(cashBoxTransactions.companyId, companyId), eq(cashBoxTransactions.cashBoxId, id)));
  return Number(row?.sum ?? 0);
}

/**
 * Writes a movement of a box. Money out (a negative amount) is written only when the box holds it: the balance is
 * checked in the same statement that writes the movement, and the caller holds the box's row lock (`lockCashBox`),
 * so concurrent withdrawals queue and each sees the other's. Returns false, writing nothing, when the box is short.
 * The database refuses a withdrawal below zero as well (migrations/0029_cash_box_never_negative.sql).
 */
export async function addCashBoxTransaction(tx: Db, v: {
  companyId: string; cashBoxId: string; kind: CashBoxTransactionKind; amount: number; paymentId?: string | null; invoiceId?: string | null;
  description: string; createdBy: string | null;
}): Promise<boolean> {
  const written = rowsOf<{ id: string }>(await tx.execute(sql`
    insert into ${cashBoxTransactions} (company_id, cash_box_id, kind, amount, payment_id, invoice_id, description, created_by)
    select ${v.companyId}::uuid, ${v.cashBoxId}::uuid, ${v.kind}::text, ${v.amount}::bigint, ${v.paymentId ?? null}::uuid, ${v.invoiceId ?? null}::uuid,
      ${v.description}::text, ${v.createdBy}::uuid
    where ${v.amount}::bigint >= 0 or (
      select coalesce(sum(t.amount), 0) from ${cashBoxTransactions} t where t.company_id = ${v.companyId} and t.cash_box_id = ${v.cashBoxId}
    ) + ${v.amount}::bigint >= 0
    returning id`));
  return written.length === 1;
}

/** The latest transactions of a box, newest first, each with the balance right after it. */
export async function latestTransactions(db: Db, companyId: string, id: string, limit = 500): Promise<CashBoxTransaction[]> {
  const rows = await db.select({
    t: cashBoxTransactions,
    balanceAfter: sql<string>`sum(${cashBoxTransactions.amount}) over (order by ${cashBoxTransactions.createdAt}, ${cashBoxTransactions.id})`,
    by: refOf(employees, cashBoxTransactions.companyId, cashBoxTransactions.createdBy),
    invoiceNumber: sql<string | null>`(select i.display_number from ${invoices} i where i.company_id = ${qualified(cashBoxTransactions.companyId)} and i.id = ${qualified(cashBoxTransactions.invoiceId)})`,
  }).from(cashBoxTransactions)
    .where(and(eq(cashBoxTransactions.companyId, companyId), eq(cashBoxTransactions.cashBoxId, id)))
    .orderBy(desc(cashBoxTransactions.createdAt), desc(cashBoxTransactions.id)).limit(limit);
  return rows.map(({ t, balanceAfter, by, invoiceNumber }) => ({
    _id: t.id, kind: t.kind as CashBoxTransactionKind, amount: t.amount, balanceAfter: Number(balanceAfter), invoice: t.invoiceId, invoiceNumber,
    payment: t.paymentId, description: t.description, createdBy: t.createdBy ? (by ?? { _id: t.createdBy, name: '' }) : null, createdAt: t.createdAt.toISOString(),
  }));
}

export function toClose(c: typeof cashBoxCloses.$inferSelect, by: Ref | null): CashBoxClose {
  return {
    _id: c.id, date: c.day, expected: c.expected, counted: c.counted, difference: c.difference, note: c.note,
    closedBy: c.closedBy ? (by ?? { _id: c.closedBy, name: '' }) : null, closedAt: c.closedAt.toISOString(),
  };
}

export async function latestCloses(db: Db, companyId: string, id: string, limit = 30): Promise<CashBoxClose[]> {
  const rows = await db.select({ c: cashBoxCloses, by: refOf(employees, cashBoxCloses.companyId, cashBoxCloses.closedBy) }).from(cashBoxCloses)
    .where(and(eq(cashBoxCloses.companyId, companyId), eq(cashBoxCloses.cashBoxId, id))).orderBy(desc(cashBoxCloses.day)).limit(limit);
  return rows.map(({ c, by }) => toClose(c, by));
}

/** One close of a box with who closed it, and the close before it (null for the box's first). */
export async function closeWithPrevious(db: Db, companyId: string, id: string, closeId: string) {
  const [row] = await db.select({ c: cashBoxCloses, by: refOf(employees, cashBoxCloses.companyId, cashBoxCloses.closedBy) }).from(cashBoxCloses)
    .where(and(eq(cashBoxCloses.companyId, companyId), eq(cashBoxCloses.cashBoxId, id), eq(cashBoxCloses.id, closeId))).limit(1);
  if (!row) return null;
  const [previous] = await db.select({ closedAt: cashBoxCloses.closedAt }).from(cashBoxCloses)
    .where(and(eq(cashBoxCloses.companyId, companyId), eq(cashBoxCloses.cashBoxId, id), lt(cashBoxCloses.day, row.c.day)))
    .orderBy(desc(cashBoxCloses.day)).limit(1);
  return { close: toClose(row.c, row.by), previousClosedAt: previous?.closedAt ?? null };
}

/**
 * The money paid into and out of a box after `after` (the previous close; its difference is booked then) up to and
 * including `until` (this close), without this close's own difference.
 */
export async function dayMovements(db: Db, companyId: string, id: string, after: Date | null, until: Date) {
  const [row] = await db.select({
    cashIn: sql<string>`coalesce(sum(${cashBoxTransactions.amount}) filter (where ${cashBoxTransactions.amount} > 0), 0)`,
    cashOut: sql<string>`coalesce(sum(${cashBoxTransactions.amount}) filter (where ${cashBoxTransactions.amount} < 0), 0)`,
    movements: sql<string>`count(*)`,
  }).from(cashBoxTransactions).where(and(
    eq(cashBoxTransactions.companyId, companyId), eq(cashBoxTransactions.cashBoxId, id),
    after ? gt(cashBoxTransactions.createdAt, after) : undefined, lte(cashBoxTransactions.createdAt, until),
    or(ne(cashBoxTransactions.kind, 'close_difference'), lt(cashBoxTransactions.createdAt, until)),
  ));
  return { cashIn: Number(row?.cashIn ?? 0), cashOut: Number(row?.cashOut ?? 0), movements: Number(row?.movements ?? 0) };
}

export async function closeOn(db: Db, companyId: string, id: string, day: string) {
  const [row] = await db.select({ id: cashBoxCloses.id }).from(cashBoxCloses)
    .where(and(eq(cashBoxCloses.companyId, companyId), eq(cashBoxCloses.cashBoxId, id), eq(cashBoxCloses.day, day))).limit(1);
  return row ?? null;
}

/** The online payment methods a clinic can take: its own, then the company profile's. */
export async function paymentMethodsFor(db: Db, companyId: string, clinicId: string): Promise<PaymentMethodConfig[]> {
  const [profile] = await db.select({ methods: companyProfiles.onlinePaymentMethods }).from(companyProfiles).where(eq(companyProfiles.companyId, companyId)).limit(1);
  const [clinic] = await db.select({ details: clinics.details }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
  const own = listOf<PaymentMethodConfig>(((clinic?.details ?? {}) as { onlinePaymentMethods?: unknown }).onlinePaymentMethods);
  return [...own, ...listOf<PaymentMethodConfig>(profile?.methods)].filter((m) => m && typeof m.companyName === 'string');
}

/** How many of a box's latest transactions the organisation screens show in its `transactionHistory`. */
const HISTORY_ROWS = 100;

/**
 * The organisation screens' cash box rows (company profile or one clinic) with their real `totalBalance` and
 * `transactionHistory` (latest first, amounts in major units of the company's currency) from billing, in place of
 * whatever the form last stored. A box billing never used has a zero balance and no history.
 */
export async function cashBoxesWithLedger<T>(db: Db, companyId: string, clinicId: string | null, boxes: T[]): Promise<T[]> {
  if (!Array.isArray(boxes) || boxes.length === 0) return boxes ?? [];
  const scale = 10 ** currencyMinorDigits(await billingCurrency(db, companyId));
  const rows = await db.select({ id: cashBoxes.id, name: cashBoxes.name }).from(cashBoxes)
    .where(and(eq(cashBoxes.companyId, companyId), clinicId ? eq(cashBoxes.clinicId, clinicId) : isNull(cashBoxes.clinicId)));
  const idOf = new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
  return Promise.all(boxes.map(async (box) => {
    const name = (box as { name?: unknown }).name;
    const id = typeof name === 'string' ? idOf.get(name.trim().toLowerCase()) : undefined;
    if (!id) return { ...box, totalBalance: 0, transactionHistory: [] };
    const [balance, history] = await Promise.all([
      cashBoxBalance(db, companyId, id),
      db.select({ createdAt: cashBoxTransactions.createdAt, amount: cashBoxTransactions.amount, kind: cashBoxTransactions.kind, description: cashBoxTransactions.description })
        .from(cashBoxTransactions).where(and(eq(cashBoxTransactions.companyId, companyId), eq(cashBoxTransactions.cashBoxId, id)))
        .orderBy(desc(cashBoxTransactions.createdAt), desc(cashBoxTransactions.id)).limit(HISTORY_ROWS),
    ]);
    return {
      ...box,
      totalBalance: balance / scale,
      transactionHistory: history.map((h) => ({ date: h.createdAt.toISOString().slice(0, 10), amount: h.amount / scale, description: h.description || h.kind })),
    };
  }));
}

export async function insertClose(tx: Db, values: typeof cashBoxCloses.$inferInsert) {
  const [close] = await tx.insert(cashBoxCloses).values(values).returning();
  return close!;
}
