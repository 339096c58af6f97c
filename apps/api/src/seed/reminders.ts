import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { patients, reminders, whatsappMessages } from '../db/schema/index.js';
import { rowsOf } from '../lib/sql.js';
import { seededRandom } from './random.js';

/**
 * The demo's reminder outbox: what went out for the last two weeks' visits and the next days', as a server with
 * e-mail, SMS and WhatsApp set up would have sent it, 24 hours before each visit. About a fifth of the patients prefer
 * WhatsApp (agreed at the desk); their reminders went by WhatsApp, with what WhatsApp reported since (read,
 * delivered, on its way, or sent by SMS instead when the number had no WhatsApp). A few reminders failed or were
 * withdrawn with their visit; the ones not yet due are planned.
 */

const DAY = 86_400_000;
const LEAD = DAY;

const hex = (r: ReturnType<typeof seededRandom>, n: number) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('');

export async function seedReminders(db: Db, companyId: string, now = new Date()): Promise<void> {
  const r = seededRandom(20_261_201);
  const visits = rowsOf<{ id: string; patient_id: string; starts_at: Date | string; status: string; email: string | null; phone: string | null }>(await db.execute(sql`
    select a.id, a.patient_id, a.starts_at, a.status, p.email, p.phone
      from appointments a join patients p on p.company_id = a.company_id and p.id = a.patient_id
     where a.company_id = ${companyId} and a.starts_at >= ${new Date(now.getTime() - 14 * DAY)} and a.starts_at < ${new Date(now.getTime() + 3 * DAY)}
     order by a.starts_at, a.id`));
  if (!visits.length) return;

  // The patients who prefer WhatsApp, and agreed to it at the desk.
  const onWhatsApp = [...new Set(visits.map((v) => v.patient_id))].filter(() => r.chance(0.2));
  if (onWhatsApp.length) {
    await db.update(patients).set({ preferredChannel: 'whatsapp', whatsappConsentAt: new Date(now.getTime() - 120 * DAY), whatsappConsentSource: 'desk' })
      .where(and(eq(patients.companyId, companyId), inArray(patients.id, onWhatsApp)));
  }
  const prefersWhatsApp = new Set(onWhatsApp);

  const outbox: Array<typeof reminders.$inferInsert> = [];
  const followed: Array<typeof whatsappMessages.$inferInsert> = [];
  for (const v of visits) {
    const startsAt = new Date(v.starts_at);
    const dueAt = new Date(startsAt.getTime() - LEAD);
    const base = { companyId, id: randomUUID(), appointmentId: v.id, dueAt, createdAt: new Date(dueAt.getTime() - 3 * DAY), updatedAt: dueAt };
    if (dueAt > now) {
      if (v.status === 'scheduled') outbox.push({ ...base, channel: 'sms', status: 'planned', updatedAt: base.createdAt });
      continue;
    }
    if (v.status === 'cancelled' && r.chance(0.5)) {
      outbox.push({ ...base, channel: 'sms', status: 'withdrawn' });
      continue;
    }
    const sentAt = new Date(Math.min(now.getTime(), dueAt.getTime() + r.int(5, 90) * 1000));
    if (prefersWhatsApp.has(v.patient_id) && v.phone) {
      const messageId = `wamid.HBgMOTY2${hex(r, 24).toUpperCase()}`;
      const fate = r.next();
      const recent = now.getTime() - sentAt.getTime() < 2 * 3_600_000;
      const status = recent && fate < 0.3 ? 'sent' : fate < 0.6 ? 'read' : fate < 0.88 ? 'delivered' : 'fell_back';
      const detail = status === 'fell_back' ? `WhatsApp 131026: Message Undeliverable.; sms 200 {"sid":"SM${hex(r, 32)}","status":"queued"}` : null;
      followed.push({
        companyId, messageId, purpose: 'reminder', reminderId: base.id, appointmentId: v.id, status, detail, phone: v.phone,
        fallbackSealed: null, fallbackUntil: startsAt, createdAt: sentAt, updatedAt: new Date(sentAt.getTime() + r.int(1, 40) * 60_000),
      });
      outbox.push({ ...base, channel: 'whatsapp', status: 'sent', attempts: 1, sentAt, detail: `whatsapp ${messageId}` });
      continue;
    }
    if (v.email && r.chance(0.25)) {
      const bounced = r.chance(0.06);
      outbox.push(bounced
        ? { ...base, channel: 'email', status: 'failed', attempts: 5, detail: '550 5.1.1 The email account that you tried to reach does not exist' }
        : { ...base, channel: 'email', status: 'sent', attempts: 1, sentAt, detail: `<${hex(r, 16)}@demo.clinic> 250 2.0.0 OK queued` });
      continue;
    }
    outbox.push({ ...base, channel: 'sms', status: 'sent', attempts: 1, sentAt, detail: `200 {"sid":"SM${hex(r, 32)}","status":"queued"}` });
  }

  for (let i = 0; i < outbox.length; i += 500) await db.insert(reminders).values(outbox.slice(i, i + 500));
  if (followed.length) await db.insert(whatsappMessages).values(followed);
}
