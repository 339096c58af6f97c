/** Every query of the WhatsApp messages the server follows (whatsapp_messages). */
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { whatsappMessages } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';

export type WhatsAppMessageRow = typeof whatsappMessages.$inferSelect;
export type WhatsAppPurpose = 'reminder' | 'phone_code' | 'queue_text';

export async function insertWhatsAppMessage(db: Db, values: typeof whatsappMessages.$inferInsert): Promise<void> {
  await db.insert(whatsappMessages).values(values).onConflictDoNothing();
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

/** The failed message a fallback job sends again by SMS, locked; null once it was settled. */
export async function lockFailed(db: Db, companyId: string, id: string): Promise<WhatsAppMessageRow | null> {
  const [row] = await db.select().from(whatsappMessages)
    .where(and(eq(whatsappMessages.companyId, companyId), eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'failed'), isNotNull(whatsappMessages.fallbackSealed)))
    .for('update');
  return row ?? null;
}

/** Whether the reminder's visit is still one to remind of (scheduled, not begun). */
export async function visitStillAhead(db: Db, companyId: string, appointmentId: string, now: Date): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from appointments
    where company_id = ${companyId} and id = ${appointmentId} and status = 'scheduled' and starts_at > ${now}`)).length > 0;
}

export const KEEP_DAYS = 30;

/**
 * The upkeep: a sealed text is emptied once its fallback could no longer matter, and a row goes after 30 days
 * (the reminder outbox shows its delivery while it is kept). Answers how many rows changed.
 */
export async function cleanUpWhatsAppMessages(db: Db, now: Date): Promise<number> {
  const expired = await db.update(whatsappMessages).set({ fallbackSealed: null, updatedAt: now })
    .where(and(isNotNull(whatsappMessages.fallbackSealed), or(lt(whatsappMessages.fallbackUntil, now), inArray(whatsappMessages.status, ['delivered', 'read']))))
    .returning({ id: whatsappMessages.id });
  const removed = await db.delete(whatsappMessages).where(lt(whatsappMessages.createdAt, new Date(now.getTime() - KEEP_DAYS * 86_400_000)))
    .returning({ id: whatsappMessages.id });
  return expired.length + removed.length;
}
