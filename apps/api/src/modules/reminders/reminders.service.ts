import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  effectiveHijriMode, isMessageKey, REMINDER_CHANNELS, transitionSources, translate,
  type ReminderChannel, type ReminderListQuery, type ReminderRecord, type ReminderSettings, type ReminderSettingsInput, type VisitView,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, clinicReminderSettings, clinics, patientLinkUses, reminders } from '../../db/schema/index.js';
import { isLateCancellation, transitionRefusal } from '../../domain/scheduling/visit-flow.js';
import { safeTimeZone, zonedIso } from '../../domain/scheduling/time-zone.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/i18n.js';
import { signPatientLink, verifyPatientLink } from '../../lib/patient-links.js';
import { insertJob } from '../jobs/jobs.repository.js';
import type { ClaimedJob, JobHandler } from '../jobs/jobs.runner.js';
import { notifyAppointment } from '../notifications/notifications.service.js';
import { rowsOf } from '../organisation/org-support.js';
import { sendEmail, sendSms } from './channels.js';
import { messageLanguage, reminderEmail, reminderSms, reminderTimes, type ReminderFacts } from './reminders.domain.js';
import { waitingForFreedSlot } from '../waitlist/waitlist.service.js';

export const REMINDER_JOB = 'reminder.send';
const MAX_ATTEMPTS = 5;

type PlanDeps = Pick<Deps, 'db' | 'config'>;

// ---------------------------------------------------------------------------------------------------------------
// Settings

async function settingsRow(db: Db, companyId: string, clinicId: string) {
  const [row] = await db.select().from(clinicReminderSettings)
    .where(and(eq(clinicReminderSettings.companyId, companyId), eq(clinicReminderSettings.clinicId, clinicId))).limit(1);
  return row ?? null;
}

function effective(config: Deps['config'], row: Awaited<ReturnType<typeof settingsRow>>, clinicId: string): ReminderSettings {
  const leadHours = ((row?.leadHours ?? []) as number[]).filter((n) => Number.isInteger(n) && n > 0);
  const channels = ((row?.channels ?? REMINDER_CHANNELS) as string[]).filter((c): c is ReminderChannel => (REMINDER_CHANNELS as readonly string[]).includes(c));
  return { clinic: clinicId, enabled: row?.enabled ?? true, channels, leadHours, effectiveLeadHours: leadHours.length ? leadHours : [config.reminderLeadHours] };
}

async function assertClinic(db: Db, companyId: string, clinicId: string) {
  const [c] = await db.select({ id: clinics.id }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
  if (!c) throw new AppError(404, 'CLINIC_NOT_FOUND', 'errors.scheduling.clinicNotFound');
}

export async function getReminderSettings(deps: Deps, caller: Caller, clinicId: string): Promise<ReminderSettings> {
  await assertClinic(deps.db, caller.companyId, clinicId);
  return effective(deps.config, await settingsRow(deps.db, caller.companyId, clinicId), clinicId);
}

export async function saveReminderSettings(deps: Deps, req: FastifyRequest, caller: Caller, clinicId: string, input: ReminderSettingsInput): Promise<ReminderSettings> {
  await assertClinic(deps.db, caller.companyId, clinicId);
  const before = await settingsRow(deps.db, caller.companyId, clinicId);
  const values = { enabled: input.enabled, channels: [...new Set(input.channels)], leadHours: [...new Set(input.leadHours)].sort((a, b) => b - a), updatedAt: new Date() };
  await deps.db.insert(clinicReminderSettings).values({ companyId: caller.companyId, clinicId, ...values })
    .onConflictDoUpdate({ target: [clinicReminderSettings.companyId, clinicReminderSettings.clinicId], set: values });
  await recordAudit(deps.db, req, {
    companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'reminder_settings', entityId: clinicId,
    changes: { before: before ? { enabled: before.enabled, channels: before.channels, leadHours: before.leadHours } : null, after: values },
  });
  return effective(deps.config, await settingsRow(deps.db, caller.companyId, clinicId), clinicId);
}

// ---------------------------------------------------------------------------------------------------------------
// Planning

/** Plans the reminders of a scheduled appointment per its clinic's settings: one row and one job per time and channel. */
export async function planReminders(deps: PlanDeps, companyId: string, appointmentId: string, now = new Date()): Promise<number> {
  const [a] = await deps.db.select({ startsAt: appointments.startsAt, clinicId: appointments.clinicId, status: appointments.status }).from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, appointmentId))).limit(1);
  if (!a || a.status !== 'scheduled') return 0;
  const settings = effective(deps.config, await settingsRow(deps.db, companyId, a.clinicId), a.clinicId);
  if (!settings.enabled || !settings.channels.length) return 0;
  let planned = 0;
  for (const dueAt of reminderTimes(a.startsAt, settings.effectiveLeadHours, now)) {
    for (const channel of settings.channels) {
      const [row] = await deps.db.insert(reminders).values({ companyId, appointmentId, channel, dueAt, status: 'planned' }).returning({ id: reminders.id });
      await insertJob(deps.db, { companyId, kind: REMINDER_JOB, payload: { reminderId: row!.id }, runAt: dueAt, maxAttempts: MAX_ATTEMPTS });
      planned += 1;
    }
  }
  return planned;
}

/** Withdraws the reminders not yet sent (the appointment moved or was cancelled); their jobs then do nothing. */
export async function withdrawReminders(db: Db, companyId: string, appointmentId: string, now = new Date()): Promise<number> {
  const rows = await db.update(reminders).set({ status: 'withdrawn', updatedAt: now })
    .where(and(eq(reminders.companyId, companyId), eq(reminders.appointmentId, appointmentId), eq(reminders.status, 'planned')))
    .returning({ id: reminders.id });
  return rows.length;
}

/**
 * What follows a change of an appointment: reminders planned, re-planned or withdrawn, staff notified, open
 * browsers told. Runs after the change is stored; a failure here is logged, never undoes the change.
 */
export async function afterAppointmentChange(
  deps: Deps, log: FastifyBaseLogger, companyId: string, actorId: string | null, appointmentId: string, change: string, now = new Date(),
): Promise<void> {
  try {
    if (change === 'booked') {
      await planReminders(deps, companyId, appointmentId, now);
      await notifyAppointment(deps, companyId, appointmentId, 'appointment_booked', actorId);
    } else if (change === 'rescheduled') {
      await withdrawReminders(deps.db, companyId, appointmentId, now);
      await planReminders(deps, companyId, appointmentId, now);
      await notifyAppointment(deps, companyId, appointmentId, 'appointment_moved', actorId);
    } else if (change === 'cancelled') {
      await withdrawReminders(deps.db, companyId, appointmentId, now);
      await notifyAppointment(deps, companyId, appointmentId, 'appointment_cancelled', actorId);
      await offerFreedSlot(deps, companyId, appointmentId);
    } else if (change === 'no_show') {
      await notifyAppointment(deps, companyId, appointmentId, 'no_show', actorId);
      await offerFreedSlot(deps, companyId, appointmentId);
    } else {
      const [a] = await deps.db.select({ clinicId: appointments.clinicId }).from(appointments)
        .where(and(eq(appointments.companyId, companyId), eq(appointments.id, appointmentId))).limit(1);
      await deps.live?.publish(deps.db, { c: companyId, t: 'appointment', a: appointmentId, ...(a ? { k: a.clinicId } : {}) });
    }
  } catch (err) {
    log.error({ err, appointmentId, change }, 'reminders and notifications after an appointment change failed');
  }
}

/** A freed slot that waiting patients fit: the staff concerned (the one who freed it too) are told how many. */
async function offerFreedSlot(deps: Deps, companyId: string, appointmentId: string): Promise<void> {
  const waiting = await waitingForFreedSlot(deps, companyId, appointmentId);
  if (waiting > 0) await notifyAppointment(deps, companyId, appointmentId, 'waitlist_match', null, { count: String(waiting) });
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

interface SendRow {
  id: string; company_id: string; appointment_id: string; channel: ReminderChannel; status: string;
  starts_at: string | Date; ends_at: string | Date; appointment_status: string;
  patient_name: string; email: string | null; phone: string | null; preferred_language: string | null;
  clinic_name: string; time_zone: string; address: string | null; location: { x: number; y: number } | null;
  doctor_name: string; service_name: string; hijri_mode: string;
}

async function loadSend(db: Db, companyId: string, reminderId: string): Promise<SendRow | null> {
  return rowsOf<SendRow>(await db.execute(sql`
    select r.id, r.company_id, r.appointment_id, r.channel, r.status,
      a.starts_at, a.ends_at, a.status as appointment_status,
      p.name as patient_name, p.email, p.phone, p.details->>'preferredLanguage' as preferred_language,
      c.name as clinic_name, c.time_zone, c.address, c.location, e.name as doctor_name, s.name as service_name,
      co.hijri_mode
    from reminders r
    join companies co on co.id = r.company_id
    join appointments a on a.company_id = r.company_id and a.id = r.appointment_id
    join patients p on p.company_id = a.company_id and p.id = a.patient_id
    join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
    join employees e on e.company_id = a.company_id and e.id = a.doctor_id
    join services s on s.company_id = a.company_id and s.id = a.service_id
    where r.company_id = ${companyId} and r.id = ${reminderId}`))[0] ?? null;
}

async function settle(db: Db, companyId: string, id: string, now: Date, set: Partial<typeof reminders.$inferInsert>) {
  return db.update(reminders).set({ ...set, updatedAt: now })
    .where(and(eq(reminders.companyId, companyId), eq(reminders.id, id), eq(reminders.status, 'planned')))
    .returning({ id: reminders.id });
}

/** The patient's page for an appointment, signed for it alone, working until the appointment starts. */
export async function visitLink(deps: PlanDeps, companyId: string, appointmentId: string, startsAt: Date, now = new Date()): Promise<string> {
  const token = await signPatientLink(deps.config.jwtSecret, { companyId, appointmentId }, startsAt, now);
  return `${deps.config.publicUrl}/visit#${token}`;
}

async function sendOne(deps: Deps, job: ClaimedJob, now: Date): Promise<void> {
  const reminderId = String(job.payload.reminderId ?? '');
  const r = await loadSend(deps.db, job.companyId, reminderId);
  if (!r || r.status !== 'planned') return;
  const skip = (key: string) => settle(deps.db, r.company_id, r.id, now, { status: 'skipped', detail: key });
  if (r.appointment_status !== 'scheduled' || new Date(r.starts_at).getTime() <= now.getTime()) {
    await settle(deps.db, r.company_id, r.id, now, { status: 'withdrawn' });
    return;
  }
  if (r.channel === 'email' && !deps.config.smtpUrl) return void (await skip('reminders.skipped.emailOff'));
  if (r.channel === 'sms' && !deps.config.sms.url) return void (await skip('reminders.skipped.smsOff'));
  if (r.channel === 'email' && !r.email) return void (await skip('reminders.skipped.noEmail'));
  if (r.channel === 'sms' && !r.phone) return void (await skip('reminders.skipped.noPhone'));

  const startsAt = new Date(r.starts_at);
  const facts: ReminderFacts = {
    appointmentId: r.appointment_id,
    startsAt,
    endsAt: new Date(r.ends_at),
    timeZone: safeTimeZone(r.time_zone),
    patientName: r.patient_name,
    clinicName: r.clinic_name,
    clinicAddress: r.address,
    clinicLocation: r.location,
    doctorName: r.doctor_name,
    serviceName: r.service_name,
    link: await visitLink(deps, r.company_id, r.appointment_id, startsAt, now),
    language: messageLanguage(r.preferred_language),
    hijriMode: effectiveHijriMode(null, r.hijri_mode),
  };
  let answer: string;
  try {
    if (r.channel === 'email') {
      const m = reminderEmail(facts, now);
      answer = await sendEmail(deps.config, { to: r.email!, subject: m.subject, text: m.text, html: m.html, ics: m.ics, language: facts.language });
    } else {
      answer = await sendSms(deps.config, r.phone!, reminderSms(facts));
    }
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    await deps.db.update(reminders).set({ attempts: sql`${reminders.attempts} + 1`, detail: text.slice(0, 500), updatedAt: now })
      .where(and(eq(reminders.companyId, r.company_id), eq(reminders.id, r.id)));
    throw error;
  }
  await settle(deps.db, r.company_id, r.id, now, { status: 'sent', sentAt: now, detail: answer, attempts: sql`${reminders.attempts} + 1` as unknown as number });
  // Not a version change: the front desk's open copy of the appointment stays current.
  await deps.db.update(appointments).set({ reminderSent: true })
    .where(and(eq(appointments.companyId, r.company_id), eq(appointments.id, r.appointment_id)));
}

export function reminderJobHandler(deps: Deps): JobHandler {
  return {
    run: (job, now) => sendOne(deps, job, now),
    failed: async (job, error, now) => {
      const reminderId = String(job.payload.reminderId ?? '');
      const rows = await deps.db.update(reminders).set({ status: 'failed', detail: error, updatedAt: now })
        .where(and(eq(reminders.companyId, job.companyId), eq(reminders.id, reminderId), eq(reminders.status, 'planned')))
        .returning({ appointmentId: reminders.appointmentId, channel: reminders.channel });
      const failed = rows[0];
      if (failed) await notifyAppointment(deps, job.companyId, failed.appointmentId, 'reminder_failed', null, { channel: failed.channel });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The outbox

interface OutboxRow {
  id: string; appointment_id: string; public_id: string; starts_at: string | Date; appointment_status: string; time_zone: string;
  patient_id: string; patient_name: string; clinic_id: string; clinic_name: string; channel: ReminderChannel; status: ReminderRecord['status'];
  due_at: string | Date; sent_at: string | Date | null; attempts: number; detail: string | null; total: number;
}

function toRecord(req: FastifyRequest, r: OutboxRow): ReminderRecord {
  const tz = safeTimeZone(r.time_zone);
  return {
    _id: r.id,
    appointment: { _id: r.appointment_id, publicId: r.public_id, datetime: zonedIso(new Date(r.starts_at), tz), status: r.appointment_status },
    patient: { _id: r.patient_id, name: r.patient_name },
    clinic: { _id: r.clinic_id, name: r.clinic_name },
    channel: r.channel,
    status: r.status,
    dueAt: zonedIso(new Date(r.due_at), tz),
    sentAt: r.sent_at ? zonedIso(new Date(r.sent_at), tz) : null,
    attempts: r.attempts,
    detail: r.detail && isMessageKey(r.detail) ? translate(r.detail, requestLanguage(req)) : r.detail,
  };
}

async function outboxRows(db: Db, companyId: string, where: ReturnType<typeof sql>, limit: number, offset: number) {
  return rowsOf<OutboxRow>(await db.execute(sql`
    select r.id, r.appointment_id, a.public_id, a.starts_at, a.status as appointment_status, c.time_zone,
      p.id as patient_id, p.name as patient_name, c.id as clinic_id, c.name as clinic_name,
      r.channel, r.status, r.due_at, r.sent_at, r.attempts, r.detail, count(*) over ()::int as total
    from reminders r
    join appointments a on a.company_id = r.company_id and a.id = r.appointment_id
    join patients p on p.company_id = a.company_id and p.id = a.patient_id
    join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
    where r.company_id = ${companyId} and ${where}
    order by r.due_at desc, r.id
    limit ${limit} offset ${offset}`));
}

export async function listOutbox(req: FastifyRequest, deps: Deps, caller: Caller, q: ReminderListQuery) {
  const rows = await outboxRows(deps.db, caller.companyId, q.status ? sql`r.status = ${q.status}` : sql`true`, q.limit, (q.page - 1) * q.limit);
  return { data: rows.map((r) => toRecord(req, r)), total: rows[0]?.total ?? 0 };
}

/** What was sent for one appointment, when and through which channel. */
export async function appointmentReminders(req: FastifyRequest, deps: Deps, caller: Caller, appointmentId: string) {
  const [a] = await deps.db.select({ id: appointments.id }).from(appointments)
    .where(and(eq(appointments.companyId, caller.companyId), eq(appointments.id, appointmentId))).limit(1);
  if (!a) throw new AppError(404, 'NOT_FOUND', 'errors.scheduling.appointmentNotFound');
  const rows = await outboxRows(deps.db, caller.companyId, sql`r.appointment_id = ${appointmentId}`, 50, 0);
  return rows.map((r) => toRecord(req, r));
}

/** A failed or skipped reminder goes out again now (once: a second retry of the same reminder is refused). */
export async function retryReminder(req: FastifyRequest, deps: Deps, caller: Caller, id: string, now = new Date()): Promise<ReminderRecord> {
  const rows = await deps.db.update(reminders).set({ status: 'planned', dueAt: now, detail: null, updatedAt: now })
    .where(and(eq(reminders.companyId, caller.companyId), eq(reminders.id, id), inArray(reminders.status, ['failed', 'skipped'])))
    .returning({ id: reminders.id });
  if (!rows.length) {
    const [exists] = await deps.db.select({ id: reminders.id }).from(reminders).where(and(eq(reminders.companyId, caller.companyId), eq(reminders.id, id))).limit(1);
    if (!exists) throw new AppError(404, 'NOT_FOUND', 'errors.reminders.reminderNotFound');
    throw new AppError(409, 'NOT_RETRYABLE', 'errors.reminders.notRetryable');
  }
  await insertJob(deps.db, { companyId: caller.companyId, kind: REMINDER_JOB, payload: { reminderId: id }, runAt: now, maxAttempts: MAX_ATTEMPTS });
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'retry', entity: 'reminder', entityId: id });
  const [row] = await outboxRows(deps.db, caller.companyId, sql`r.id = ${id}`, 1, 0);
  return toRecord(req, row!);
}

// ---------------------------------------------------------------------------------------------------------------
// The patient's page

async function claimsOf(deps: Deps, token: string, now: Date) {
  const claims = await verifyPatientLink(deps.config.jwtSecret, token, now);
  if (claims === 'expired') throw new AppError(410, 'LINK_EXPIRED', 'errors.reminders.linkExpired');
  if (claims === 'invalid') throw new AppError(401, 'LINK_INVALID', 'errors.reminders.linkInvalid');
  return claims;
}

async function visitRow(db: Db, companyId: string, appointmentId: string) {
  return rowsOf<{
    id: string; starts_at: string | Date; status: string; version: number; time_zone: string; clinic: string; doctor: string; preferred_language: string | null;
  }>(await db.execute(sql`
    select a.id, a.starts_at, a.status, a.version, c.time_zone, c.name as clinic, e.name as doctor, p.details->>'preferredLanguage' as preferred_language
    from appointments a
    join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
    join employees e on e.company_id = a.company_id and e.id = a.doctor_id
    join patients p on p.company_id = a.company_id and p.id = a.patient_id
    where a.company_id = ${companyId} and a.id = ${appointmentId}`))[0] ?? null;
}

async function linkUse(db: Db, companyId: string, linkId: string) {
  const [use] = await db.select().from(patientLinkUses).where(and(eq(patientLinkUses.companyId, companyId), eq(patientLinkUses.linkId, linkId))).limit(1);
  return use ?? null;
}

async function confirmedBefore(db: Db, companyId: string, appointmentId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(patientLinkUses)
    .where(and(eq(patientLinkUses.companyId, companyId), eq(patientLinkUses.appointmentId, appointmentId), eq(patientLinkUses.action, 'confirm')));
  return Number(row?.n ?? 0) > 0;
}

export async function viewVisit(deps: Deps, token: string, now = new Date()): Promise<VisitView> {
  const c = await claimsOf(deps, token, now);
  const a = await visitRow(deps.db, c.companyId, c.appointmentId);
  if (!a) throw new AppError(401, 'LINK_INVALID', 'errors.reminders.linkInvalid');
  const tz = safeTimeZone(a.time_zone);
  const used = await linkUse(deps.db, c.companyId, c.linkId);
  const confirmed = await confirmedBefore(deps.db, c.companyId, c.appointmentId);
  const status: VisitView['status'] = a.status === 'cancelled' ? 'cancelled' : a.status !== 'scheduled' ? 'closed' : confirmed ? 'confirmed' : 'scheduled';
  return {
    datetime: zonedIso(new Date(a.starts_at), tz), timeZone: tz, clinic: a.clinic, doctor: a.doctor, status,
    canAct: !used && a.status === 'scheduled', language: messageLanguage(a.preferred_language),
  };
}

/**
 * The patient acts through their link: confirm, or cancel with a reason. The link is used up in the same
 * transaction as the change (its id is recorded once), so it acts once; a cancellation follows the visit flow's
 * rules (only from a status that may be cancelled, marked late within the company's hours) in one statement that
 * re-checks the status it was decided on. Audited with no staff actor and `by: patient`.
 */
export async function actOnVisit(
  deps: Deps, req: FastifyRequest, token: string, action: 'confirm' | 'cancel', reason: string | undefined, now = new Date(),
): Promise<VisitView> {
  const c = await claimsOf(deps, token, now);
  const a = await visitRow(deps.db, c.companyId, c.appointmentId);
  if (!a) throw new AppError(401, 'LINK_INVALID', 'errors.reminders.linkInvalid');
  if (await linkUse(deps.db, c.companyId, c.linkId)) throw new AppError(409, 'LINK_USED', 'errors.reminders.linkUsed');
  const startsAt = new Date(a.starts_at);
  if (a.status !== 'scheduled' || (action === 'cancel' && transitionRefusal('scheduled', 'cancelled', startsAt, now))) {
    throw new AppError(409, 'APPOINTMENT_CLOSED', 'errors.reminders.appointmentClosed');
  }
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const used = await tx.insert(patientLinkUses).values({ companyId: c.companyId, linkId: c.linkId, appointmentId: c.appointmentId, action, usedAt: now })
      .onConflictDoNothing().returning({ linkId: patientLinkUses.linkId });
    if (!used.length) throw new AppError(409, 'LINK_USED', 'errors.reminders.linkUsed');
    if (action === 'cancel') {
      const [company] = rowsOf<{ hours: number }>(await tx.execute(sql`select late_cancellation_hours as hours from companies where id = ${c.companyId}`));
      const late = isLateCancellation(startsAt, now, company?.hours ?? 24);
      const [updated] = await tx.update(appointments)
        .set({ status: 'cancelled', cancellationReason: reason!.trim(), lateCancellation: late, cancelledAt: now, cancelledBy: null, updatedAt: now, version: sql`${appointments.version} + 1` })
        .where(and(eq(appointments.companyId, c.companyId), eq(appointments.id, c.appointmentId), inArray(appointments.status, transitionSources('cancelled'))))
        .returning({ id: appointments.id });
      if (!updated) throw new AppError(409, 'APPOINTMENT_CLOSED', 'errors.reminders.appointmentClosed');
      await recordAudit(tx, req, {
        companyId: c.companyId, actorId: null, action: 'cancelled', entity: 'appointment', entityId: c.appointmentId,
        changes: { by: 'patient', before: { status: a.status }, after: { status: 'cancelled', cancellationReason: reason!.trim(), lateCancellation: late } },
      });
    } else {
      await recordAudit(tx, req, {
        companyId: c.companyId, actorId: null, action: 'confirmed', entity: 'appointment', entityId: c.appointmentId, changes: { by: 'patient' },
      });
    }
  });
  if (action === 'cancel') await withdrawReminders(deps.db, c.companyId, c.appointmentId, now);
  await notifyAppointment(deps, c.companyId, c.appointmentId, action === 'cancel' ? 'appointment_cancelled' : 'appointment_confirmed', null)
    .catch((err: unknown) => req.log.error({ err }, 'notifying a patient\'s change failed'));
  return viewVisit(deps, token, now);
}

