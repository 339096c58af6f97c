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
