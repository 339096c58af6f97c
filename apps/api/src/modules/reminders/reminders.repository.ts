/** Every query of the reminders, their outbox and the patient's page. All of them are scoped by company. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type ReminderChannel, type ReminderRecord } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, clinicReminderSettings, clinics, patientLinkUses, reminders } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { nextVersion } from '../../lib/versioning.js';

export type SettingsRow = typeof clinicReminderSettings.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Settings

/** A clinic's settings; with `lock`, the row held for the transaction (null before the first save either way). */
export async function findSettings(db: Db, companyId: string, clinicId: string, lock = false): Promise<SettingsRow | null> {
  const query = db.select().from(clinicReminderSettings)
    .where(and(eq(clinicReminderSettings.companyId, companyId), eq(clinicReminderSettings.clinicId, clinicId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function clinicExists(db: Db, companyId: string, clinicId: string): Promise<boolean> {
  const [c] = await db.select({ id: clinics.id }).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
  return !!c;
}

type SettingsValues = { enabled: boolean; channels: string[]; leadHours: number[]; updatedAt: Date };

/** The first save (version 2); false when another request saved first. */
export async function insertFirstSettings(db: Db, companyId: string, clinicId: string, values: SettingsValues): Promise<boolean> {
  const inserted = await db.insert(clinicReminderSettings).values({ companyId, clinicId, ...values, version: 2 }).onConflictDoNothing()
    .returning({ v: clinicReminderSettings.version });
  return inserted.length > 0;
}

/** Saves over the version the change is based on; false when the row moved on. */
export async function updateSettingsAtVersion(db: Db, companyId: string, clinicId: string, version: number, values: SettingsValues): Promise<boolean> {
  const updated = await db.update(clinicReminderSettings).set({ ...values, version: nextVersion(clinicReminderSettings.version) })
    .where(and(eq(clinicReminderSettings.companyId, companyId), eq(clinicReminderSettings.clinicId, clinicId), eq(clinicReminderSettings.version, version)))
    .returning({ v: clinicReminderSettings.version });
  return updated.length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Planning

export async function appointmentExists(db: Db, companyId: string, appointmentId: string): Promise<boolean> {
  const [a] = await db.select({ id: appointments.id }).from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, appointmentId))).limit(1);
  return !!a;
}

/** What planning needs, read in one statement: the appointment and its clinic's reminder settings (null: none saved). */
export async function findAppointmentAndSettings(db: Db, companyId: string, appointmentId: string) {
  const [row] = await db.select({
    startsAt: appointments.startsAt, clinicId: appointments.clinicId, status: appointments.status,
    settings: { enabled: clinicReminderSettings.enabled, channels: clinicReminderSettings.channels, leadHours: clinicReminderSettings.leadHours },
  }).from(appointments)
    .leftJoin(clinicReminderSettings, and(eq(clinicReminderSettings.companyId, appointments.companyId), eq(clinicReminderSettings.clinicId, appointments.clinicId)))
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, appointmentId))).limit(1);
  return row ?? null;
}

/**
 * Planned reminders of an appointment, each with the job that sends it at its time, all in one statement (they
 * commit together with the planning's transaction). Returns how many were planned.
 */
export async function insertPlannedReminders(
  db: Db, companyId: string, appointmentId: string, planned: Array<{ channel: ReminderChannel; dueAt: Date }>, job: { kind: string; maxAttempts: number },
): Promise<number> {
  if (!planned.length) return 0;
  const rows = JSON.stringify(planned.map((p) => ({ channel: p.channel, due_at: p.dueAt.toISOString() })));
  const out = await db.execute(sql`
    with r as (
      insert into reminders (company_id, appointment_id, channel, due_at, status)
      select ${companyId}::uuid, ${appointmentId}::uuid, x.channel, x.due_at, 'planned' from jsonb_to_recordset(${rows}::jsonb) as x(channel text, due_at timestamptz)
      returning id, due_at)
    insert into jobs (company_id, kind, payload, run_at, max_attempts)
    select ${companyId}::uuid, ${job.kind}, jsonb_build_object('reminderId', r.id), r.due_at, ${job.maxAttempts}::int from r
    returning id`);
  return rowsOf(out).length;
}

/** A planned reminder; returns its id. */
export async function insertPlannedReminder(db: Db, companyId: string, appointmentId: string, channel: ReminderChannel, dueAt: Date): Promise<string> {
  const [row] = await db.insert(reminders).values({ companyId, appointmentId, channel, dueAt, status: 'planned' }).returning({ id: reminders.id });
  return row!.id;
}

/** Withdraws the appointment's reminders still planned; returns how many. */
export async function withdrawPlanned(db: Db, companyId: string, appointmentId: string, at: Date): Promise<number> {
  const rows = await db.update(reminders).set({ status: 'withdrawn', updatedAt: at })
    .where(and(eq(reminders.companyId, companyId), eq(reminders.appointmentId, appointmentId), eq(reminders.status, 'planned')))
    .returning({ id: reminders.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

/** A reminder with what sending it needs: its appointment, patient, clinic, doctor, service and company. */
export interface SendRow {
  id: string; company_id: string; appointment_id: string; channel: ReminderChannel; status: string;
  starts_at: string | Date; ends_at: string | Date; appointment_status: string;
  patient_name: string; email: string | null; phone: string | null; preferred_language: string | null;
  clinic_name: string; time_zone: string; address: string | null; location: { x: number; y: number } | null;
  doctor_name: string; service_name: string; hijri_mode: string;
  /** The patient's text channel and whether they agreed to WhatsApp; whether the clinic reminds by WhatsApp. */
  preferred_channel: string; whatsapp_consent: boolean; whatsapp_allowed: boolean;
}

export async function findReminderToSend(db: Db, companyId: string, reminderId: string): Promise<SendRow | null> {
  return rowsOf<SendRow>(await db.execute(sql`
    select r.id, r.company_id, r.appointment_id, r.channel, r.status,
      a.starts_at, a.ends_at, a.status as appointment_status,
      p.name as patient_name, p.email, p.phone, p.details->>'preferredLanguage' as preferred_language,
      c.name as clinic_name, c.time_zone, c.address, c.location, e.name as doctor_name, s.name as service_name,
      co.hijri_mode, p.preferred_channel, p.whatsapp_consent_at is not null as whatsapp_consent,
      coalesce(rs.channels @> '["whatsapp"]'::jsonb, false) as whatsapp_allowed
    from reminders r
    join companies co on co.id = r.company_id
    join appointments a on a.company_id = r.company_id and a.id = r.appointment_id
    join patients p on p.company_id = a.company_id and p.id = a.patient_id
    join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
    join employees e on e.company_id = a.company_id and e.id = a.doctor_id
    join services s on s.company_id = a.company_id and s.id = a.service_id
    left join clinic_reminder_settings rs on rs.company_id = a.company_id and rs.clinic_id = a.clinic_id
    where r.company_id = ${companyId} and r.id = ${reminderId}`))[0] ?? null;
}

/** Changes a reminder that is still planned (and only then); returns the rows changed. */
export async function settlePlanned(db: Db, companyId: string, id: string, at: Date, set: Partial<typeof reminders.$inferInsert>) {
  return db.update(reminders).set({ ...set, updatedAt: at })
    .where(and(eq(reminders.companyId, companyId), eq(reminders.id, id), eq(reminders.status, 'planned')))
    .returning({ id: reminders.id });
}

/** Marks a reminder still planned as sent (counting the attempt) with the channel's answer. */
/** A sent reminder: its answer, and the channel that delivered it (a text planned as SMS may go out on WhatsApp). */
export async function markSent(db: Db, companyId: string, id: string, answer: string, at: Date, channel: string): Promise<void> {
  await settlePlanned(db, companyId, id, at, { status: 'sent', sentAt: at, detail: answer, channel, attempts: sql`${reminders.attempts} + 1` as unknown as number });
}

/** Counts a failed sending attempt and keeps its error (at most 500 characters). */
export async function recordFailedAttempt(db: Db, companyId: string, id: string, detail: string, at: Date): Promise<void> {
  await db.update(reminders).set({ attempts: sql`${reminders.attempts} + 1`, detail: detail.slice(0, 500), updatedAt: at })
    .where(and(eq(reminders.companyId, companyId), eq(reminders.id, id)));
}

/** Marks the appointment reminded. Not a version change: the front desk's open copy of the appointment stays current. */
export async function markAppointmentReminded(db: Db, companyId: string, appointmentId: string): Promise<void> {
  await db.update(appointments).set({ reminderSent: true })
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, appointmentId)));
}

/** Marks a reminder still planned as failed; returns its appointment and channel, or null when it was not planned. */
export async function failPlanned(db: Db, companyId: string, id: string, error: string, at: Date) {
  const rows = await db.update(reminders).set({ status: 'failed', detail: error, updatedAt: at })
    .where(and(eq(reminders.companyId, companyId), eq(reminders.id, id), eq(reminders.status, 'planned')))
    .returning({ appointmentId: reminders.appointmentId, channel: reminders.channel });
  return rows[0] ?? null;
}

/** Plans a failed or skipped reminder again, due at once; false when there is no such reminder in either state. */
export async function requeueReminder(db: Db, companyId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db.update(reminders).set({ status: 'planned', dueAt: at, detail: null, updatedAt: at })
    .where(and(eq(reminders.companyId, companyId), eq(reminders.id, id), inArray(reminders.status, ['failed', 'skipped'])))
    .returning({ id: reminders.id });
  return rows.length > 0;
}

export async function reminderExists(db: Db, companyId: string, id: string): Promise<boolean> {
  const [exists] = await db.select({ id: reminders.id }).from(reminders).where(and(eq(reminders.companyId, companyId), eq(reminders.id, id))).limit(1);
  return !!exists;
}

// ---------------------------------------------------------------------------------------------------------------
// The outbox

export interface OutboxRow {
  id: string; appointment_id: string; public_id: string; starts_at: string | Date; appointment_status: string; time_zone: string;
  patient_id: string; patient_name: string; clinic_id: string; clinic_name: string; channel: ReminderChannel; status: ReminderRecord['status'];
  due_at: string | Date; sent_at: string | Date | null; attempts: number; detail: string | null; total: number;
  /** What WhatsApp reported of the reminder's text (whatsapp_messages), the latest sending's. */
  delivery: string | null;
}

/** Which reminders of the outbox: all (or those in one status), one appointment's, or one. */
export type OutboxFilter = { status?: string | undefined } | { appointmentId: string } | { id: string };

function outboxWhere(f: OutboxFilter) {
  if ('id' in f) return sql`r.id = ${f.id}`;
  if ('appointmentId' in f) return sql`r.appointment_id = ${f.appointmentId}`;
  return f.status ? sql`r.status = ${f.status}` : sql`true`;
}

/** A page of the outbox, latest due first, each row with the total of the filter. */
export async function findOutbox(db: Db, companyId: string, filter: OutboxFilter, limit: number, offset: number): Promise<OutboxRow[]> {
  return rowsOf<OutboxRow>(await db.execute(sql`
    select r.id, r.appointment_id, a.public_id, a.starts_at, a.status as appointment_status, c.time_zone,
      p.id as patient_id, p.name as patient_name, c.id as clinic_id, c.name as clinic_name,
      r.channel, r.status, r.due_at, r.sent_at, r.attempts, r.detail, count(*) over ()::int as total,
      (select w.status from whatsapp_messages w where w.company_id = r.company_id and w.reminder_id = r.id
        order by w.created_at desc limit 1) as delivery
    from reminders r
    join appointments a on a.company_id = r.company_id and a.id = r.appointment_id
    join patients p on p.company_id = a.company_id and p.id = a.patient_id
    join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
    where r.company_id = ${companyId} and ${outboxWhere(filter)}
    order by r.due_at desc, r.id
    limit ${limit} offset ${offset}`));
}

/** How many reminders a filter matches (a page past the end tells none). */
export async function countOutbox(db: Db, companyId: string, filter: OutboxFilter): Promise<number> {
  return Number(rowsOf<{ n: number }>(await db.execute(sql`
    select count(*)::int as n from reminders r where r.company_id = ${companyId} and ${outboxWhere(filter)}`))[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------------------------
// The patient's page

export interface VisitRow {
  id: string; clinic_id: string; starts_at: string | Date; ends_at: string | Date; status: string; version: number; time_zone: string; clinic: string; doctor: string;
  address: string | null; location: { x: number; y: number } | null; preferred_language: string | null;
  first_day_of_week: number; hijri_mode: string;
}

/** The appointment of a patient's link; null when there is none or its patient record is inactive (deactivated). */
export async function findVisit(db: Db, companyId: string, appointmentId: string): Promise<VisitRow | null> {
  return rowsOf<VisitRow>(await db.execute(sql`
    select a.id, a.clinic_id, a.starts_at, a.ends_at, a.status, a.version, c.time_zone, c.name as clinic, c.address, c.location, e.name as doctor,
      p.details->>'preferredLanguage' as preferred_language, c.first_day_of_week, co.hijri_mode
    from appointments a
    join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
    join companies co on co.id = a.company_id
    join employees e on e.company_id = a.company_id and e.id = a.doctor_id
    join patients p on p.company_id = a.company_id and p.id = a.patient_id and p.is_active
    where a.company_id = ${companyId} and a.id = ${appointmentId}`))[0] ?? null;
}

/** The recorded use of a patient's link, or null when it was not used. */
export async function findLinkUse(db: Db, companyId: string, linkId: string) {
  const [use] = await db.select().from(patientLinkUses).where(and(eq(patientLinkUses.companyId, companyId), eq(patientLinkUses.linkId, linkId))).limit(1);
  return use ?? null;
}

/** Whether the patient confirmed the appointment (through any of its links). */
export async function confirmedBefore(db: Db, companyId: string, appointmentId: string): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(patientLinkUses)
    .where(and(eq(patientLinkUses.companyId, companyId), eq(patientLinkUses.appointmentId, appointmentId), eq(patientLinkUses.action, 'confirm')));
  return Number(row?.n ?? 0) > 0;
}

/** Records a link's use unless it was used already (also by a simultaneous request); false when it was. */
export async function recordLinkUse(
  db: Db, use: { companyId: string; linkId: string; appointmentId: string; action: 'confirm' | 'cancel'; usedAt: Date },
): Promise<boolean> {
  const used = await db.insert(patientLinkUses).values(use).onConflictDoNothing().returning({ linkId: patientLinkUses.linkId });
  return used.length > 0;
}


/** What a patient may cancel from their link: a visit still to come (not one the desk has begun, e.g. arrived). */
export const PATIENT_CANCELLABLE = ['scheduled', 'requested'] as const;

/**
 * Cancels the appointment on the patient's word, in one statement that re-checks it is still scheduled or requested
 * and still starts when the link was signed for; false when it no longer does.
 */
export async function cancelByPatient(
  db: Db, companyId: string, appointmentId: string, c: { reason: string; late: boolean; at: Date; startsAt: Date },
): Promise<boolean> {
  const [updated] = await db.update(appointments)
    .set({ status: 'cancelled', cancellationReason: c.reason, lateCancellation: c.late, cancelledAt: c.at, cancelledBy: null, updatedAt: c.at, version: sql`${appointments.version} + 1` })
    .where(and(
      eq(appointments.companyId, companyId), eq(appointments.id, appointmentId), inArray(appointments.status, [...PATIENT_CANCELLABLE]),
      eq(appointments.startsAt, c.startsAt),
    ))
    .returning({ id: appointments.id });
  return !!updated;
}
