/** Every query of the WhatsApp messages the server follows (whatsapp_messages). */
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { whatsappEarlyStatuses, whatsappMessages } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';

export type WhatsAppMessageRow = typeof whatsappMessages.$inferSelect;
export type WhatsAppPurpose = 'reminder' | 'phone_code' | 'queue_text';

/** Keeps a text to follow; the row, or null when one with its message id is already kept. */
export async function insertWhatsAppMessage(db: Db, values: typeof whatsappMessages.$inferInsert): Promise<WhatsAppMessageRow | null> {
  const [row] = await db.insert(whatsappMessages).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** First key of the advisory locks that order a text's keeping and its statuses (one message id each). */
const MESSAGE_LOCK_NAMESPACE = 7320;

/**
 * Holds, until the transaction ends, the lock of each message id, in one order (two notifications naming the same ids
 * wait for each other rather than deadlock). Keeping a text takes its id's lock too, so a status is either applied to
 * the kept row or waits for it, never passed over between the two.
 */
export async function lockMessageIds(db: Db, messageIds: string[]): Promise<void> {
  for (const id of [...new Set(messageIds)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(${MESSAGE_LOCK_NAMESPACE}::int, hashtext(${id}))`);
  }
}

/** Statuses kept for one message id beyond this are dropped, oldest first (Meta sends three or four per text). */
const EARLY_STATUSES_MAX = 10;

/** Keeps statuses of a message id no kept text has yet (under its lock: `lockMessageIds`). */
export async function keepEarlyStatuses(db: Db, messageId: string, statuses: Array<Record<string, unknown>>, at: Date): Promise<void> {
  const [kept] = await db.select({ statuses: whatsappEarlyStatuses.statuses }).from(whatsappEarlyStatuses).where(eq(whatsappEarlyStatuses.messageId, messageId));
  const all = [...(kept?.statuses ?? []), ...statuses].slice(-EARLY_STATUSES_MAX);
  await db.insert(whatsappEarlyStatuses).values({ messageId, statuses: all, receivedAt: at })
    .onConflictDoUpdate({ target: whatsappEarlyStatuses.messageId, set: { statuses: all, receivedAt: at } });
}

/** Takes (removes and answers) the statuses that came for a message id before its text was kept. */
export async function takeEarlyStatuses(db: Db, messageId: string): Promise<Array<Record<string, unknown>>> {
  const [row] = await db.delete(whatsappEarlyStatuses).where(eq(whatsappEarlyStatuses.messageId, messageId)).returning({ statuses: whatsappEarlyStatuses.statuses });
  return row?.statuses ?? [];
}

/** The rows of Meta's message ids (every company's: the statuses name the message alone), locked for the change. */
export async function lockByMessageIds(db: Db, messageIds: string[]): Promise<WhatsAppMessageRow[]> {
  if (!messageIds.length) return [];
  return db.select().from(whatsappMessages).where(inArray(whatsappMessages.messageId, messageIds))
    .orderBy(whatsappMessages.companyId, whatsappMessages.id).for('update');
}

export async function setStatus(db: Db, row: Pick<WhatsAppMessageRow, 'companyId' | 'id'>, set: Partial<Pick<WhatsAppMessageRow, 'status' | 'detail' | 'fallbackSealed'>>, at: Date) {
  await db.update(whatsappMessages).set({ ...set, updatedAt: at })
    .where(and(eq(whatsappMessages.companyId, row.companyId), eq(whatsappMessages.id, row.id)));
}

/**
 * The message a fallback job works on, locked: failed (its SMS not yet tried) or sending (an attempt began); null once
 * it was settled.
 */
export async function lockForFallback(db: Db, companyId: string, id: string): Promise<WhatsAppMessageRow | null> {
  const [row] = await db.select().from(whatsappMessages)
    .where(and(eq(whatsappMessages.companyId, companyId), eq(whatsappMessages.id, id), inArray(whatsappMessages.status, ['failed', 'sending'])))
    .for('update');
  return row ?? null;
}

/**
 * Whether the reminder a text carried is still wanted as it was written: its visit scheduled, not begun, and at the
 * time the text gave (`startsAt`; a moved visit has a reminder of its own). `phone`: and its patient's number is still
 * the one the text went to.
 */
export async function reminderStillWanted(db: Db, companyId: string, appointmentId: string, startsAt: Date, now: Date, phone?: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from appointments a join patients p on p.company_id = a.company_id and p.id = a.patient_id
    where a.company_id = ${companyId} and a.id = ${appointmentId} and a.status = 'scheduled' and a.starts_at = ${startsAt} and a.starts_at > ${now}
      and (${phone ?? null}::text is null or p.phone = ${phone ?? null}::text)`)).length > 0;
}

/** Whether a queue link's visit is still waiting to be called in (the link's text matters only until then). */
export async function visitStillWaiting(db: Db, companyId: string, appointmentId: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from appointments where company_id = ${companyId} and id = ${appointmentId} and status = 'arrived'`)).length > 0;
}

export const KEEP_DAYS = 30;
/** Statuses of ids no text was kept under are kept a day: a send's answer is written within seconds. */
const EARLY_KEEP_MS = 86_400_000;

/**
 * The upkeep: a sealed text is emptied once its fallback could no longer matter, and a row goes after 30 days
 * (the reminder outbox shows its delivery while it is kept); statuses no text claimed go after a day. Answers how many rows changed.
 */
export async function cleanUpWhatsAppMessages(db: Db, now: Date): Promise<number> {
  const expired = await db.update(whatsappMessages).set({ fallbackSealed: null, updatedAt: now })
    .where(and(isNotNull(whatsappMessages.fallbackSealed), or(lt(whatsappMessages.fallbackUntil, now), inArray(whatsappMessages.status, ['delivered', 'read']))))
    .returning({ id: whatsappMessages.id });
  const removed = await db.delete(whatsappMessages).where(lt(whatsappMessages.createdAt, new Date(now.getTime() - KEEP_DAYS * 86_400_000)))
    .returning({ id: whatsappMessages.id });
  const early = await db.delete(whatsappEarlyStatuses).where(lt(whatsappEarlyStatuses.receivedAt, new Date(now.getTime() - EARLY_KEEP_MS)))
    .returning({ id: whatsappEarlyStatuses.messageId });
  return expired.length + removed.length + early.length;
}
