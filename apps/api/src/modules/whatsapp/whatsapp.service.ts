import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../lib/app-types.js';
import { sendSms, SmsNotSent } from '../../lib/channels.js';
import { companyIsOpen } from '../../lib/credential-liveness.js';
import { AppError } from '../../lib/errors.js';
import { sendPatientText, type PatientText, type PatientTextSent } from '../../lib/patient-text.js';
import { canonicalPhone } from '../../lib/phone.js';
import { open, seal } from '../../lib/secret-box.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { insertJob, type ClaimedJob, type JobHandler } from '../jobs/index.js';
import { notifyAppointment } from '../notifications/index.js';
import {
  insertWhatsAppMessage, keepEarlyStatuses, lockByMessageIds, lockForFallback, lockMessageIds, reminderStillWanted, setStatus, takeEarlyStatuses,
  visitStillWaiting, type WhatsAppMessageRow, type WhatsAppPurpose,
} from './whatsapp.repository.js';

/*
 * WhatsApp's word on the texts it accepted. Accepting a template message is not delivering it: a number without
 * WhatsApp, or a patient who blocked the business, fails minutes later, in a status Meta posts to the server's webhook.
 * Each text WhatsApp accepts is kept (whatsapp_messages) with the same text for SMS, sealed; a failure sends that
 * text by SMS while it still matters (a code before it expires, a reminder before the visit, a queue link while it
 * works), and a reminder that reached the patient by neither rings the bell as a failed reminder does. Only while the
 * webhook is set up (WHATSAPP_APP_SECRET): without it no status ever comes, and an accepted text counts as sent.
 */

export const WHATSAPP_FALLBACK_JOB = 'whatsapp.fallback';
const SEAL_PURPOSE = 'whatsapp-fallback';
/** Statuses in one request beyond this are refused (Meta sends a few at a time). */
const MAX_STATUSES = 1000;

/** What a text concerns, for following it: its purpose, and until when an SMS in its place still matters. */
export interface TextTrack {
  companyId: string;
  purpose: WhatsAppPurpose;
  until: Date;
  reminderId?: string;
  appointmentId?: string;
}

/**
 * Sends a text to a patient (lib/patient-text.ts) and, when WhatsApp accepted it and its statuses come to the
 * webhook, keeps it to follow. Keeping it is not a condition of the text: it has gone, so a failure to keep it is not
 * thrown (a retry would send the patient the text twice) but said in the answer's detail, which a reminder's outbox
 * row shows.
 */
export async function sendTrackedText(deps: StatusDeps, track: TextTrack, m: PatientText): Promise<TrackedTextSent> {
  const sent = await sendPatientText(deps.config, m);
  if (sent.channel !== 'whatsapp' || !sent.messageId || !deps.config.whatsapp.appSecret) return { ...sent, smsIfUndelivered: false };
  const messageId = sent.messageId;
  try {
    return await inTransaction(deps.db, async (tx) => {
      await lockMessageIds(tx, [messageId]);
      const row = await insertWhatsAppMessage(tx, {
        companyId: track.companyId, messageId, purpose: track.purpose, reminderId: track.reminderId ?? null,
        appointmentId: track.appointmentId ?? null, phone: canonicalPhone(m.to), fallbackUntil: track.until,
        fallbackSealed: deps.config.sms.url ? seal(deps.config.jwtSecret, SEAL_PURPOSE, m.text) : null,
      });
      // A status can come back before the answer above was written (a number without WhatsApp fails at once): it
      // waited for the text, and applies now.
      if (row) await applyAll(withDb(deps, tx), [row], parseStatuses(await takeEarlyStatuses(tx, messageId)), new Date());
      return { ...sent, smsIfUndelivered: Boolean(row?.fallbackSealed) };
    });
  } catch (err) {
    return { ...sent, detail: `${sent.detail}; not followed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500), smsIfUndelivered: false };
  }
}

/** A text sent; `smsIfUndelivered`: it went on WhatsApp and is followed, so an SMS goes in its place should it fail. */
export interface TrackedTextSent extends PatientTextSent {
  smsIfUndelivered: boolean;
}

/** What following a text needs: the database, the settings, and the live feed the staff's bell rings on. */
type StatusDeps = Pick<Deps, 'db' | 'config' | 'live'>;

// ---------------------------------------------------------------------------------------------------------------
// The webhook

/** The subscription check: the challenge when the token is the operator's, else null. */
export function subscribeAnswer(deps: Pick<Deps, 'config'>, q: { 'hub.mode'?: string | undefined; 'hub.verify_token'?: string | undefined; 'hub.challenge'?: string | undefined }): string | null {
  const expected = deps.config.whatsapp.verifyToken;
  if (!expected || !deps.config.whatsapp.appSecret || q['hub.mode'] !== 'subscribe' || q['hub.challenge'] === undefined) return null;
  return sameText(q['hub.verify_token'] ?? '', expected) ? q['hub.challenge'] : null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `header` (X-Hub-Signature-256: `sha256=<hex>`) signs `raw` with the app's secret. */
export function signedByMeta(secret: string, raw: Buffer, header: string | undefined): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  timestamp: z.string().max(20).optional(),
  errors: z.array(z.object({
    code: z.number().optional(), title: z.string().max(500).optional(), message: z.string().max(500).optional(),
    error_data: z.object({ details: z.string().max(1000).optional() }).optional(),
  })).max(10).optional(),
});
type MetaStatus = z.infer<typeof statusSchema>;
const notificationSchema = z.object({
  object: z.string().optional(),
  entry: z.array(z.object({
    changes: z.array(z.object({ field: z.string().optional(), value: z.object({ statuses: z.array(statusSchema).optional() }).optional() })).max(100),
  })).max(100),
});

/** The statuses of a notification, oldest first (Meta may send them out of order). */
function statusesOf(raw: Buffer): MetaStatus[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError(400, 'BAD_REQUEST', 'errors.badRequest');
  }
  const result = notificationSchema.safeParse(parsed);
  if (!result.success) throw new AppError(400, 'BAD_REQUEST', 'errors.badRequest');
  const statuses = result.data.entry.flatMap((e) => e.changes.flatMap((c) => c.value?.statuses ?? []));
  if (statuses.length > MAX_STATUSES) throw new AppError(400, 'BAD_REQUEST', 'errors.badRequest');
  return oldestFirst(statuses);
}

function oldestFirst(statuses: MetaStatus[]): MetaStatus[] {
  return statuses.map((s, i) => ({ s, i })).sort((a, b) => Number(a.s.timestamp ?? 0) - Number(b.s.timestamp ?? 0) || a.i - b.i).map((x) => x.s);
}

/** How far along a text is; a status never goes back. */
const RANK = new Map<string, number>([['accepted', 0], ['sent', 1], ['delivered', 2], ['read', 3]]);
const DELIVERED = 2;
/** Statuses after a failure: nothing Meta says changes them. */
const SETTLED = new Set(['failed', 'sending', 'fell_back', 'fallback_failed']);

function failureText(s: MetaStatus): string {
  const e = s.errors?.[0];
  if (!e) return 'WhatsApp failed';
  const words = e.error_data?.details ?? e.message ?? e.title ?? '';
  return `WhatsApp ${e.code ?? ''}: ${words}`.replace(/\s+/g, ' ').slice(0, 300);
}

/**
 * Applies Meta's statuses to the texts they name (signed by the app's secret, else 401 and nothing changes). A status
 * for an id no text is kept under waits a day for it (whatsapp_early_statuses): the text may be about to be kept, or
 * be another server's on the same app. Answers how many applied.
 */
export async function receiveStatuses(deps: Deps, raw: Buffer, signature: string | undefined, now: Date): Promise<number> {
  const secret = deps.config.whatsapp.appSecret;
  if (!secret) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
  if (!signedByMeta(secret, raw, signature)) throw new AppError(401, 'WHATSAPP_SIGNATURE_INVALID', 'errors.whatsapp.signatureInvalid');
  const statuses = statusesOf(raw);
  if (!statuses.length) return 0;
  return inTransaction(deps.db, async (tx) => {
    const ids = [...new Set(statuses.map((s) => s.id))];
    await lockMessageIds(tx, ids);
    const rows = await lockByMessageIds(tx, ids);
    const known = new Set(rows.map((r) => r.messageId));
    for (const id of ids) {
      if (!known.has(id)) await keepEarlyStatuses(tx, id, statuses.filter((s) => s.id === id), now);
    }
    return applyAll(withDb(deps, tx), rows, statuses, now);
  });
}

/** Statuses kept while their text was not: those still of Meta's shape. */
function parseStatuses(kept: Array<Record<string, unknown>>): MetaStatus[] {
  return oldestFirst(kept.flatMap((k) => {
    const parsed = statusSchema.safeParse(k);
    return parsed.success ? [parsed.data] : [];
  }));
}

/** Applies statuses, oldest first, to the rows they name (locked by the caller); answers how many changed a row. */
async function applyAll(deps: StatusDeps, locked: WhatsAppMessageRow[], statuses: MetaStatus[], now: Date): Promise<number> {
  const rows = new Map(locked.map((r) => [r.messageId, r]));
  let applied = 0;
  for (const s of statuses) {
    const row = rows.get(s.id);
    if (!row) continue;
    const next = await applyOne(deps, row, s, now);
    if (next) {
      rows.set(s.id, next);
      applied += 1;
    }
  }
  return applied;
}

/** One status on one kept text; the row as it now is, or null when the status changes nothing. */
async function applyOne(deps: StatusDeps, row: WhatsAppMessageRow, s: MetaStatus, now: Date): Promise<WhatsAppMessageRow | null> {
  if (SETTLED.has(row.status)) return null;
  const current = RANK.get(row.status) ?? 0;
  if (s.status === 'failed') {
    // A text that was delivered has reached the patient, whatever comes after.
    if (current >= DELIVERED) return null;
    const detail = failureText(s);
    if (await canFallBack(deps, row, now)) {
      await setStatus(deps.db, row, { status: 'failed', detail }, now);
      await insertJob(deps.db, { companyId: row.companyId, kind: WHATSAPP_FALLBACK_JOB, payload: { messageId: row.id }, runAt: now, maxAttempts: 3 });
    } else {
      await setStatus(deps.db, row, { status: 'failed', detail, fallbackSealed: null }, now);
      await reminderNotReached(deps, row, now);
    }
    return { ...row, status: 'failed', detail };
  }
  // Meta's other statuses (and any it adds) change nothing.
  const rank = RANK.get(s.status);
  if (rank === undefined || rank <= current) return null;
  // Delivered or read: the SMS text is no longer needed.
  const set = rank >= DELIVERED ? { status: s.status, fallbackSealed: null } : { status: s.status };
  await setStatus(deps.db, row, set, now);
  return { ...row, ...set };
}

/**
 * Whether an SMS can still go in the failed text's place, and still matters: SMS is set up, the organisation is open,
 * the text's time has not passed, a reminder's visit is as the text gave it, to the same number, and a queue link's
 * patient is still waiting to be called in.
 */
async function canFallBack(deps: Pick<Deps, 'db' | 'config'>, row: WhatsAppMessageRow, now: Date): Promise<boolean> {
  if (!row.fallbackSealed || !deps.config.sms.url || row.fallbackUntil.getTime() <= now.getTime()) return false;
  if (!(await companyIsOpen(deps.db, row.companyId))) return false;
  if (row.purpose === 'reminder' && row.appointmentId) return reminderStillWanted(deps.db, row.companyId, row.appointmentId, row.fallbackUntil, now, row.phone);
  if (row.purpose === 'queue_text' && row.appointmentId) return visitStillWaiting(deps.db, row.companyId, row.appointmentId);
  return true;
}

/**
 * A reminder that reached the patient by neither WhatsApp nor SMS: the staff's bell, as for any failed reminder, while
 * it is still wanted (not for a cancelled or moved visit, nor in a closed organisation).
 */
async function reminderNotReached(deps: StatusDeps, row: WhatsAppMessageRow, now: Date): Promise<void> {
  if (row.purpose !== 'reminder' || !row.appointmentId) return;
  if (!(await companyIsOpen(deps.db, row.companyId))) return;
  if (!(await reminderStillWanted(deps.db, row.companyId, row.appointmentId, row.fallbackUntil, now))) return;
  await notifyAppointment(deps, row.companyId, row.appointmentId, 'reminder_failed', null, { channel: 'whatsapp' });
}

// ---------------------------------------------------------------------------------------------------------------
// The fallback

/**
 * Sends a failed WhatsApp text again by SMS, at most once: the attempt is claimed (`sending`) and committed before the
 * SMS goes, and set back to `failed` when the gateway refuses or cannot be reached, so a retry sends again only after a
 * known refusal. An attempt that began and never finished (the server died, or the gateway took the text without
 * answering) is not repeated: it settles as `fallback_failed`, saying its outcome is unknown, and a reminder rings the
 * bell (the desk can call the patient). After the last attempt the text reached nobody, and a reminder rings the bell.
 */
export function whatsappFallbackJobHandler(deps: Deps): JobHandler {
  const settle = async (db: Deps['db'], row: WhatsAppMessageRow, detail: string | null, now: Date) => {
    await setStatus(db, row, { status: 'fallback_failed', fallbackSealed: null, ...(detail !== null && { detail: detail.slice(0, 500) }) }, now);
    await reminderNotReached(withDb(deps, db), row, now);
  };
  return {
    async run(job: ClaimedJob, now: Date, ctx) {
      const id = String(job.payload.messageId ?? '');
      const claimed = await inTransaction(deps.db, async (tx) => {
        const row = await lockForFallback(tx, job.companyId, id);
        if (!row?.fallbackSealed) return null;
        if (row.status === 'sending') {
          await settle(tx, row, `${row.detail ?? 'WhatsApp failed'}; sms outcome unknown (interrupted)`, now);
          return null;
        }
        if (!(await canFallBack(withDb(deps, tx), row, now))) {
          await settle(tx, row, null, now);
          return null;
        }
        await setStatus(tx, row, { status: 'sending' }, now);
        return row;
      });
      if (!claimed) return;
      let answer: string;
      let text: string;
      try {
        if (ctx.signal.aborted) throw new Error('stopping');
        text = open(deps.config.jwtSecret, SEAL_PURPOSE, claimed.fallbackSealed!);
      } catch (error) {
        await setStatus(deps.db, claimed, { status: 'failed' }, new Date());
        throw error;
      }
      try {
        answer = await sendSms(deps.config, claimed.phone, text);
      } catch (error) {
        if (!(error instanceof SmsNotSent)) {
          // No answer (a time-out, the connection lost): the gateway may have taken the text, so it is not sent again.
          const why = error instanceof Error ? error.message : String(error);
          await inTransaction(deps.db, (tx) => settle(tx, claimed, `${claimed.detail ?? 'WhatsApp failed'}; sms outcome unknown (${why})`, now));
          return;
        }
        // Refused, or the gateway was never reached: set back, and tried again.
        await setStatus(deps.db, claimed, { status: 'failed' }, new Date());
        throw error;
      }
      await setStatus(deps.db, claimed, { status: 'fell_back', detail: `${claimed.detail ?? 'WhatsApp failed'}; sms ${answer}`.slice(0, 500), fallbackSealed: null }, now);
    },
    async failed(job, error, now, db) {
      const row = await lockForFallback(db, job.companyId, String(job.payload.messageId ?? ''));
      if (!row) return;
      await settle(db, row, `${row.detail ?? 'WhatsApp failed'}; sms ${error}`, now);
    },
  };
}
