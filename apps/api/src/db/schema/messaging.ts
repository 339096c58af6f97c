import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies } from './core.js';
import { clinics } from './organisation.js';
import { appointments } from './scheduling.js';

/*
 * Background work, reminders and staff notifications. The job queue lives in the project's own database so it
 * survives a restart and needs no separate service; several servers claim from it with FOR UPDATE SKIP LOCKED.
 */

/** A unit of background work (modules/jobs). `state`: queued, running, done, failed. */
export const jobs = pgTable('jobs', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull().default({}),
  state: text('state').notNull().default('queued'),
  runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(5),
  lastError: text('last_error'),
  /** While running: the runner holding it and until when; past that instant the job is due again (the runner died). */
  lockedBy: text('locked_by'),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  // Due work across companies: jobs_due_idx in migrations/0022_extras_0013_jobs.sql (partial, queued and running only).
  // Finished work past its retention, for the runners' cleanup (done and failed only).
  index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.state} in ('done', 'failed')`),
]);

/** Whether and how a clinic reminds its patients; no row: on, every channel, the company default lead time. */
export const clinicReminderSettings = pgTable('clinic_reminder_settings', {
  companyId: tenantId(),
  clinicId: uuid('clinic_id').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** ['email', 'sms'] */
  channels: jsonb('channels').notNull().default(['email', 'sms']),
  /** Hours before the start, e.g. [24] or [48, 2]; empty: the company default (REMINDER_LEAD_HOURS). */
  leadHours: jsonb('lead_hours').notNull().default([]),
  /** 1 stands for "never saved" in the API: the first save writes 2 (as every clinic's settings). */
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.clinicId] }),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('cascade'),
]);

/**
 * The reminder outbox: one row per planned message. `status`: planned, sent, failed, skipped (channel off, no
 * address), withdrawn (the appointment moved or was cancelled before it went out).
 */
export const reminders = pgTable('reminders', {
  companyId: tenantId(),
  id: rowId(),
  appointmentId: uuid('appointment_id').notNull(),
  channel: text('channel').notNull(),
  dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
  status: text('status').notNull().default('planned'),
  attempts: integer('attempts').notNull().default(0),
  /** The provider's answer (message id, SMTP response, gateway status) or why it was skipped or failed. */
  detail: text('detail'),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('reminders_appointment_idx').on(t.companyId, t.appointmentId),
  index('reminders_status_idx').on(t.companyId, t.status, t.dueAt),
  foreignKey({ columns: [t.companyId, t.appointmentId], foreignColumns: [appointments.companyId, appointments.id] }).onDelete('cascade'),
]);

/**
 * A text that WhatsApp accepted (modules/whatsapp), followed by the statuses Meta reports for it: accepted, sent,
 * delivered, read, or failed; then fell_back (sent again by SMS) or fallback_failed. Accepted is not delivered: a
 * number without WhatsApp fails only later, and then the text goes by SMS while it still matters (`fallbackUntil`).
 */
export const whatsappMessages = pgTable('whatsapp_messages', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** Meta's message id (`wamid.…`), unique across the business account. */
  messageId: text('message_id').notNull(),
  /** reminder, phone_code, queue_text */
  purpose: text('purpose').notNull(),
  /** The reminder it carried (purpose reminder), and that reminder's visit. */
  reminderId: uuid('reminder_id'),
  appointmentId: uuid('appointment_id'),
  status: text('status').notNull().default('accepted'),
  /** Meta's reason for a failure, or the SMS gateway's answer after a fallback. */
  detail: text('detail'),
  /** E.164. */
  phone: text('phone').notNull(),
  /** The same text for SMS, sealed (lib/secret-box.ts), while a fallback may be needed; emptied once settled. */
  fallbackSealed: text('fallback_sealed'),
  /** Until when an SMS in its place still matters: the code's expiry, the visit's start, the queue link's end. */
  fallbackUntil: timestamp('fallback_until', { withTimezone: true, mode: 'date' }).notNull(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('whatsapp_messages_message_key').on(t.companyId, t.messageId),
  // Meta's statuses name the message alone: found by it, then scoped by the row's company.
  index('whatsapp_messages_message_idx').on(t.messageId),
  index('whatsapp_messages_created_idx').on(t.createdAt),
  // A reminder's delivery, in the outbox.
  index('whatsapp_messages_reminder_idx').on(t.companyId, t.reminderId),
  foreignKey({ columns: [t.companyId, t.reminderId], foreignColumns: [reminders.companyId, reminders.id] }).onDelete('cascade'),
]);


/**
 * Statuses Meta sent for a message id no kept text has (yet). A failure can come back before the send's answer has
 * been written (whatsapp_messages): it waits here and is applied when a text is kept under that id. Ids of another
 * server's texts on the same app never match and go after a day. Not a company's row: a status names the message alone.
 */
export const whatsappEarlyStatuses = pgTable('whatsapp_early_statuses', {
  messageId: text('message_id').primaryKey(),
  /** Meta's statuses for the id as received (at most ten), oldest first. */
  statuses: jsonb('statuses').$type<Array<Record<string, unknown>>>().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('whatsapp_early_statuses_received_idx').on(t.receivedAt)]);

/** A patient's signed link that has been used: each link acts once. */
export const patientLinkUses = pgTable('patient_link_uses', {
  companyId: tenantId(),
  linkId: uuid('link_id').notNull(),
  appointmentId: uuid('appointment_id').notNull(),
  action: text('action').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.linkId] }),
]);

/** In-app notifications, one row per recipient. */
export const notifications = pgTable('notifications', {
  companyId: tenantId(),
  id: rowId(),
  recipientId: uuid('recipient_id').notNull(),
  /** appointment_booked, appointment_moved, appointment_cancelled, appointment_confirmed, no_show, reminder_failed */
  kind: text('kind').notNull(),
  entity: text('entity').notNull(),
  entityId: uuid('entity_id'),
  /** What the text shows: patient, doctor, clinic names, the time (zoned), who acted. */
  params: jsonb('params').notNull().default({}),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('notifications_recipient_idx').on(t.companyId, t.recipientId, t.createdAt),
]);
