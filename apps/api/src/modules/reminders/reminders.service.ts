import {
  effectiveHijriMode, hasPermission, isMessageKey, pageWindow, type PatientLinkRecord, REMINDER_CHANNELS, type ReminderChannel,
  type ReminderListQuery, type ReminderRecord, type ReminderSettings, type ReminderSettingsInput, safeTimeZone, translate,
  type VisitView, WHATSAPP_DELIVERIES, type WhatsAppDelivery, zonedIso,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { isLateCancellation, transitionRefusal } from '../../domain/scheduling/visit-flow.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import { AppError } from '../../lib/errors.js';
import { staleRecord } from '../../lib/versioning.js';
import { companyIsOpen } from '../../lib/credential-liveness.js';
import { exactTotal } from '../../lib/list.js';
import { assertLinkCurrent, openPatientLink, signPatientLink } from '../../lib/patient-links.js';
import type { RequestContext } from '../../lib/request-context.js';
import { type ClaimedJob, insertJob, type JobHandler } from '../jobs/index.js';
import { emit, type DomainEvents } from '../events/index.js';
import { notifyAppointment } from '../notifications/index.js';
import { lateCancellationHours, lockAppointment } from '../appointments/index.js';
import { sendEmail } from '../../lib/channels.js';
import { patientTextRoute } from '../../lib/patient-text.js';
import { sendTrackedText } from '../whatsapp/index.js';
import { mapLink, messageLanguage, reminderEmail, reminderSms, reminderTemplateParams, reminderTimes, type ReminderFacts } from './reminders.domain.js';
import {
  appointmentExists, cancelByPatient, countOutbox, clinicExists, confirmedBefore, failPlanned, findAppointmentAndSettings, findLinkUse,
  findOutbox, findReminderToSend, findSettings, findVisit, insertPlannedReminders, markAppointmentReminded,
  markSent, PATIENT_CANCELLABLE, recordFailedAttempt, recordLinkUse, reminderExists, requeueReminder, settlePlanned, insertFirstSettings, updateSettingsAtVersion,
  withdrawPlanned, type OutboxRow, type SettingsRow,
} from './reminders.repository.js';

export const REMINDER_JOB = 'reminder.send';
const MAX_ATTEMPTS = 5;

type PlanDeps = Pick<Deps, 'db' | 'config'>;

// ---------------------------------------------------------------------------------------------------------------
// Settings

function effective(
  config: Deps['config'], row: Pick<SettingsRow, 'enabled' | 'channels' | 'leadHours'> & { version?: number } | null, clinicId: string,
): ReminderSettings {
  const leadHours = ((row?.leadHours ?? []) as number[]).filter((n) => Number.isInteger(n) && n > 0);
  const channels = ((row?.channels ?? REMINDER_CHANNELS) as string[]).filter((c): c is ReminderChannel => (REMINDER_CHANNELS as readonly string[]).includes(c));
  return {
    clinic: clinicId, enabled: row?.enabled ?? true, channels, leadHours, effectiveLeadHours: leadHours.length ? leadHours : [config.reminderLeadHours],
    version: row?.version ?? 1,
  };
}

async function assertClinic(db: Db, companyId: string, clinicId: string) {
  if (!(await clinicExists(db, companyId, clinicId))) throw new AppError(404, 'CLINIC_NOT_FOUND', 'errors.scheduling.clinicNotFound');
}

export async function getReminderSettings(deps: Deps, caller: Caller, clinicId: string): Promise<ReminderSettings> {
  await assertClinic(deps.db, caller.companyId, clinicId);
  return effective(deps.config, await findSettings(deps.db, caller.companyId, clinicId), clinicId);
}

/** Saves a clinic's settings over the version its form loaded (1 before the first save); audited with what it replaced. */
export async function saveReminderSettings(deps: Deps, ctx: RequestContext, caller: Caller, clinicId: string, input: ReminderSettingsInput): Promise<ReminderSettings> {
  await assertClinic(deps.db, caller.companyId, clinicId);
  const values = { enabled: input.enabled, channels: [...new Set(input.channels)], leadHours: [...new Set(input.leadHours)].sort((a, b) => b - a), updatedAt: new Date() };
  await inTransaction(deps.db, async (tx) => {
    const before = await findSettings(tx, caller.companyId, clinicId, true);
    const expected = input.version ?? before?.version ?? 1;
    const saved = before
      ? expected === before.version && (await updateSettingsAtVersion(tx, caller.companyId, clinicId, before.version, values))
      : expected === 1 && (await insertFirstSettings(tx, caller.companyId, clinicId, values));
    if (!saved) throw staleRecord();
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'reminder_settings', entityId: clinicId,
      changes: { before: before ? { enabled: before.enabled, channels: before.channels, leadHours: before.leadHours } : null, after: values },
    });
  });
  return effective(deps.config, await findSettings(deps.db, caller.companyId, clinicId), clinicId);
}

// ---------------------------------------------------------------------------------------------------------------
// Planning

/**
 * Plans the reminders of a scheduled appointment per its clinic's settings: one row and one job per time and channel.
 * Without `catchUp` (a move by the patient), no reminder goes out at once for a lead time already passed.
 */
export async function planReminders(deps: PlanDeps, companyId: string, appointmentId: string, now = new Date(), opts: { catchUp?: boolean } = {}): Promise<number> {
  const a = await findAppointmentAndSettings(deps.db, companyId, appointmentId);
  if (!a || a.status !== 'scheduled') return 0;
  const settings = effective(deps.config, a.settings?.enabled == null ? null : { ...a.settings, enabled: a.settings.enabled }, a.clinicId);
  if (!settings.enabled || !settings.channels.length) return 0;
  const planned = reminderTimes(a.startsAt, settings.effectiveLeadHours, now, opts).flatMap((dueAt) => outboxChannels(settings.channels).map((channel) => ({ channel, dueAt })));
  return insertPlannedReminders(deps.db, companyId, appointmentId, planned, { kind: REMINDER_JOB, maxAttempts: MAX_ATTEMPTS });
}

/**
 * The outbox rows a clinic's channels make: WhatsApp is a way of sending the text reminder (to patients who prefer it
 * and agreed, SMS otherwise and as the fallback), so 'sms' and 'whatsapp' together still make one text per time.
 */
export function outboxChannels(channels: readonly ReminderChannel[]): Array<'email' | 'sms'> {
  return [...new Set(channels.map((c) => (c === 'whatsapp' ? 'sms' : c)))];
}

/** Withdraws the reminders not yet sent (the appointment moved or was cancelled); their jobs then do nothing. */
export async function withdrawReminders(db: Db, companyId: string, appointmentId: string, now = new Date()): Promise<number> {
  return withdrawPlanned(db, companyId, appointmentId, now);
}

/**
 * Reminders follow an appointment's changes (after they commit, modules/events): planned when it is booked,
 * re-planned when it moves, withdrawn when it is cancelled; for every appointment of the change (a series' too).
 * Planned as of the change's instant, as the change itself would have. A move by the patient through their link
 * (no staff actor) plans only the reminders still ahead: none at once for a lead time already passed, so moving the
 * visit does not make the server send a message.
 */
export function followWithReminders(deps: Deps, events: DomainEvents): void {
  events.on('reminders', ['appointment.booked', 'appointment.rescheduled', 'appointment.cancelled'], async (tx, e) => {
    const d = withDb(deps, tx);
    const at = new Date(e.at);
    const catchUp = !(e.type === 'appointment.rescheduled' && e.actorId === null);
    for (const id of [e.appointmentId, ...(e.also ?? [])]) {
      if (e.type !== 'appointment.booked') await withdrawReminders(tx, e.companyId, id, at);
      if (e.type !== 'appointment.cancelled') await planReminders(d, e.companyId, id, at, { catchUp });
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

/** The patient's page for an appointment, signed for it alone and its start (`startsAt`): working until then, or until it moves. */
export async function visitLink(deps: PlanDeps, companyId: string, appointmentId: string, startsAt: Date, now = new Date()): Promise<string> {
  const token = await signPatientLink(deps.config.jwtSecret, { companyId, appointmentId }, startsAt, now);
  return `${deps.config.publicUrl}/visit#${token}`;
}

async function sendOne(deps: Deps, job: ClaimedJob, now: Date): Promise<void> {
  const reminderId = String(job.payload.reminderId ?? '');
  const r = await findReminderToSend(deps.db, job.companyId, reminderId);
  if (!r || r.status !== 'planned') return;
  const skip = (key: string) => settlePlanned(deps.db, r.company_id, r.id, now, { status: 'skipped', detail: key });
  if (r.appointment_status !== 'scheduled' || new Date(r.starts_at).getTime() <= now.getTime()) {
    await settlePlanned(deps.db, r.company_id, r.id, now, { status: 'withdrawn' });
    return;
  }
  // A closed organisation sends nothing (its patients' links are refused until it reopens).
  if (!(await companyIsOpen(deps.db, r.company_id))) return void (await skip('reminders.skipped.companyClosed'));
  if (r.channel === 'email' && !deps.config.smtpUrl) return void (await skip('reminders.skipped.emailOff'));
  // A text goes by WhatsApp when the clinic reminds by WhatsApp and the patient prefers it and agreed, else by SMS.
  const text = { preferred: r.whatsapp_allowed && r.preferred_channel === 'whatsapp' ? 'whatsapp' as const : 'sms' as const, whatsappConsent: r.whatsapp_consent };
  if (r.channel === 'sms' && !patientTextRoute(deps.config, text).length) return void (await skip('reminders.skipped.smsOff'));
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
  let channel: ReminderChannel = r.channel as ReminderChannel;
  try {
    if (r.channel === 'email') {
      const m = reminderEmail(facts, now);
      answer = await sendEmail(deps.config, { to: r.email!, subject: m.subject, text: m.text, html: m.html, ics: m.ics, language: facts.language });
    } else {
      // A text: by WhatsApp when the patient prefers it and agreed (SMS when it fails), else by SMS.
      const template = { name: deps.config.whatsapp.templates.reminder, params: reminderTemplateParams(facts) };
      const track = { companyId: r.company_id, purpose: 'reminder' as const, reminderId: r.id, appointmentId: r.appointment_id, until: startsAt };
      const sent = await sendTrackedText(deps, track, { to: r.phone!, ...text, language: facts.language, text: reminderSms(facts), template });
      answer = sent.detail;
      channel = sent.channel;
    }
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    await recordFailedAttempt(deps.db, r.company_id, r.id, text, now);
    throw error;
  }
  // One commit: a reminder sent and its appointment marked reminded are never recorded one without the other.
  await inTransaction(deps.db, async (tx) => {
    await markSent(tx, r.company_id, r.id, answer, now, channel);
    // Not a version change: the front desk's open copy of the appointment stays current.
    await markAppointmentReminded(tx, r.company_id, r.appointment_id);
  });
}

export function reminderJobHandler(deps: Deps): JobHandler {
  return {
    run: (job, now) => sendOne(deps, job, now),
    failed: async (job, error, now, db) => {
      const reminderId = String(job.payload.reminderId ?? '');
      const failed = await failPlanned(db, job.companyId, reminderId, error, now);
      if (failed) await notifyAppointment(withDb(deps, db), job.companyId, failed.appointmentId, 'reminder_failed', null, { channel: failed.channel });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The outbox

/**
 * Why a reminder did not go out, in the staff's terms (no server settings): an administrator reads the outbox's own
 * wording, everyone else learns what it means for the patient and whom to ask.
 */
function staffDetail(ctx: RequestContext, r: OutboxRow): string | null {
  if (r.status === 'failed') return translate('reminders.staff.failed', ctx.language);
  if (r.status === 'skipped' && r.detail?.startsWith('reminders.skipped.')) {
    const key = r.detail.replace('reminders.skipped.', 'reminders.staff.');
    if (isMessageKey(key)) return translate(key, ctx.language);
  }
  return null;
}

function toRecord(ctx: RequestContext, r: OutboxRow, staffTerms = false): ReminderRecord {
  const tz = safeTimeZone(r.time_zone);
  return {
    _id: r.id,
    appointment: { _id: r.appointment_id, publicId: r.public_id, datetime: zonedIso(new Date(r.starts_at), tz), status: r.appointment_status },
    patient: { _id: r.patient_id, name: r.patient_name },
    clinic: { _id: r.clinic_id, name: r.clinic_name },
    channel: r.channel as ReminderChannel,
    status: r.status,
    dueAt: zonedIso(new Date(r.due_at), tz),
    sentAt: r.sent_at ? zonedIso(new Date(r.sent_at), tz) : null,
    attempts: r.attempts,
    detail: staffTerms ? staffDetail(ctx, r) : r.detail && isMessageKey(r.detail) ? translate(r.detail, ctx.language) : r.detail,
    delivery: (WHATSAPP_DELIVERIES as readonly string[]).includes(r.delivery ?? '') ? r.delivery as WhatsAppDelivery : null,
  };
}

export async function listOutbox(deps: Deps, ctx: RequestContext, caller: Caller, q: ReminderListQuery) {
  const w = pageWindow(q);
  const rows = await findOutbox(deps.db, caller.companyId, { status: q.status }, w.limit, w.offset);
  const total = await exactTotal(rows.length, w, async () => rows[0]?.total ?? (await countOutbox(deps.db, caller.companyId, { status: q.status })));
  return { data: rows.map((r) => toRecord(ctx, r)), total };
}

/** What was sent for one appointment, when and through which channel. */
export async function appointmentReminders(deps: Deps, ctx: RequestContext, caller: Caller, appointmentId: string) {
  if (!(await appointmentExists(deps.db, caller.companyId, appointmentId))) throw new AppError(404, 'NOT_FOUND', 'errors.scheduling.appointmentNotFound');
  const rows = await findOutbox(deps.db, caller.companyId, { appointmentId }, 50, 0);
  // The appointment's panel is read by clinical staff: settings and providers' answers only for administrators.
  const staffTerms = !hasPermission(caller.permissions, 'admin');
  return rows.map((r) => toRecord(ctx, r, staffTerms));
}

/** A failed or skipped reminder goes out again now (once: a second retry of the same reminder is refused). */
export async function retryReminder(deps: Deps, ctx: RequestContext, caller: Caller, id: string, now = new Date()): Promise<ReminderRecord> {
  await inTransaction(deps.db, async (tx) => {
    if (!(await requeueReminder(tx, caller.companyId, id, now))) {
      if (!(await reminderExists(tx, caller.companyId, id))) throw new AppError(404, 'NOT_FOUND', 'errors.reminders.reminderNotFound');
      throw new AppError(409, 'NOT_RETRYABLE', 'errors.reminders.notRetryable');
    }
    await insertJob(tx, { companyId: caller.companyId, kind: REMINDER_JOB, payload: { reminderId: id }, runAt: now, maxAttempts: MAX_ATTEMPTS });
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'retry', entity: 'reminder', entityId: id });
  });
  const [row] = await findOutbox(deps.db, caller.companyId, { id }, 1, 0);
  return toRecord(ctx, row!);
}

// ---------------------------------------------------------------------------------------------------------------
// The patient's page

/**
 * The link's claims and its appointment: 401 when there is none (or its patient record is inactive), 410 when the
 * appointment moved since the link was signed (lib/patient-links.ts).
 */
async function visitOfLink(deps: Pick<Deps, 'db' | 'config'>, token: string, now: Date) {
  const c = await openPatientLink(deps.db, deps.config.jwtSecret, token, now);
  const a = await findVisit(deps.db, c.companyId, c.appointmentId);
  if (!a) throw new AppError(401, 'LINK_INVALID', 'errors.reminders.linkInvalid');
  assertLinkCurrent(c, a.starts_at);
  return { c, a };
}

/**
 * A link to the patient's page of a visit still to come (scheduled, not begun), for staff to copy or send when no mail
 * or text-message gateway is set up; it lives until the visit starts, like a reminder's. Audited (who handed it out).
 */
export async function patientLinkFor(deps: Deps, ctx: RequestContext, caller: Caller, appointmentId: string, now = new Date()): Promise<PatientLinkRecord> {
  const a = await findVisit(deps.db, caller.companyId, appointmentId);
  if (!a) {
    // The appointment of a patient record no longer active: its links would be refused.
    if (await appointmentExists(deps.db, caller.companyId, appointmentId)) throw new AppError(409, 'LINK_NOT_AVAILABLE', 'errors.reminders.linkNotAvailable');
    throw new AppError(404, 'APPOINTMENT_NOT_FOUND', 'errors.scheduling.appointmentNotFound');
  }
  const startsAt = new Date(a.starts_at);
  if (a.status !== 'scheduled' || startsAt.getTime() <= now.getTime()) throw new AppError(409, 'LINK_NOT_AVAILABLE', 'errors.reminders.linkNotAvailable');
  const url = await visitLink(deps, caller.companyId, appointmentId, startsAt, now);
  await recordAudit(deps.db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'share_link', entity: 'appointment', entityId: appointmentId });
  return { url, expiresAt: startsAt.toISOString() };
}

export async function viewVisit(deps: Deps, token: string, now = new Date()): Promise<VisitView> {
  const { c, a } = await visitOfLink(deps, token, now);
  const tz = safeTimeZone(a.time_zone);
  const used = await findLinkUse(deps.db, c.companyId, c.linkId);
  const confirmed = await confirmedBefore(deps.db, c.companyId, c.appointmentId);
  const status: VisitView['status'] = a.status === 'cancelled' ? 'cancelled' : a.status === 'requested' ? 'requested'
    : a.status !== 'scheduled' ? 'closed' : confirmed ? 'confirmed' : 'scheduled';
  return {
    datetime: zonedIso(new Date(a.starts_at), tz), endsAt: zonedIso(new Date(a.ends_at), tz), timeZone: tz, clinic: a.clinic, doctor: a.doctor,
    address: a.address?.trim() || null, mapUrl: mapLink(a.location), status,
    canAct: !used && (PATIENT_CANCELLABLE as readonly string[]).includes(a.status), language: messageLanguage(a.preferred_language),
    firstWeekday: a.first_day_of_week, hijri: effectiveHijriMode(null, a.hijri_mode),
  };
}

/**
 * The patient acts through their link: confirm, or cancel with a reason. The link is used up in the same
 * transaction as the change (its id is recorded once), so it acts once; a cancellation follows the visit flow's
 * rules (marked late within the company's hours) but only of a visit still to come (scheduled or requested: never one
 * the desk has begun, e.g. arrived), in one statement that re-checks the status and the start it was decided on.
 * Audited with no staff actor and `by: patient`.
 */
export async function actOnVisit(
  deps: Deps, ctx: RequestContext, token: string, action: 'confirm' | 'cancel', reason: string | undefined, now = new Date(),
): Promise<VisitView> {
  const { c, a } = await visitOfLink(deps, token, now);
  if (await findLinkUse(deps.db, c.companyId, c.linkId)) throw new AppError(409, 'LINK_USED', 'errors.reminders.linkUsed');
  const startsAt = new Date(a.starts_at);
  // A visit the desk has still to accept (booked online, 'requested') may be cancelled, not confirmed.
  const open = a.status === 'scheduled' || (a.status === 'requested' && action === 'cancel');
  if (!open || (action === 'cancel' && transitionRefusal(a.status as 'scheduled' | 'requested', 'cancelled', startsAt, now))) {
    throw new AppError(409, 'APPOINTMENT_CLOSED', 'errors.reminders.appointmentClosed');
  }
  await inTransaction(deps.db, async (tx) => {
    const used = await recordLinkUse(tx, { companyId: c.companyId, linkId: c.linkId, appointmentId: c.appointmentId, action, usedAt: now });
    if (!used) throw new AppError(409, 'LINK_USED', 'errors.reminders.linkUsed');
    if (action === 'cancel') {
      const late = isLateCancellation(startsAt, now, await lateCancellationHours(tx, c.companyId));
      const updated = await cancelByPatient(tx, c.companyId, c.appointmentId, { reason: reason!.trim(), late, at: now, startsAt });
      if (!updated) throw new AppError(409, 'APPOINTMENT_CLOSED', 'errors.reminders.appointmentClosed');
      await recordAudit(tx, ctx, {
        companyId: c.companyId, actorId: null, action: 'cancelled', entity: 'appointment', entityId: c.appointmentId,
        changes: { by: 'patient', before: { status: a.status }, after: { status: 'cancelled', cancellationReason: reason!.trim(), lateCancellation: late } },
      });
    } else {
      // Still scheduled now, not only when the link was read: the desk may have cancelled or moved it on meanwhile.
      const locked = await lockAppointment(tx, c.companyId, c.appointmentId);
      if (locked?.status !== 'scheduled') throw new AppError(409, 'APPOINTMENT_CLOSED', 'errors.reminders.appointmentClosed');
      assertLinkCurrent(c, locked.startsAt);
      await recordAudit(tx, ctx, {
        companyId: c.companyId, actorId: null, action: 'confirmed', entity: 'appointment', entityId: c.appointmentId, changes: { by: 'patient' },
      });
    }
    // What follows is told as any other change: a cancellation withdraws the reminders, tells the staff and offers the
    // freed slot to the waitlist; a confirmation tells the staff. Both refresh the open boards.
    const type = action === 'cancel' ? 'appointment.cancelled' : 'appointment.confirmed';
    await emit(tx, { type, companyId: c.companyId, actorId: null, appointmentId: c.appointmentId, clinicId: a.clinic_id, at: now.toISOString() });
  });
  return viewVisit(deps, token, now);
}

