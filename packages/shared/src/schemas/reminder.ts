import { z } from 'zod';
import { pageQuerySchema } from './common.js';
import { versionInput, versionSchema } from './version.js';

/** Reminders, the patient's confirm/cancel link, and staff notifications. */

/**
 * 'whatsapp': the text reminder goes by WhatsApp to patients who prefer it and agreed to it (SMS for the others and
 * when WhatsApp fails). A reminder record's channel is the one that delivered it.
 */
export const REMINDER_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_STATUSES = ['planned', 'sent', 'failed', 'skipped', 'withdrawn'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];
export const NOTIFICATION_KINDS = [
  'appointment_booked', 'appointment_moved', 'appointment_cancelled', 'appointment_confirmed', 'no_show', 'reminder_failed', 'waitlist_match',
  /** Another clinician opened a sensitive note, giving a reason (break-the-glass): administrators are told. */
  'sensitive_note_opened',
  /** A result flagged low, high or critical was entered: the ordering doctor is told. */
  'result_abnormal',
  /** A patient booked on the public page (params: patient, doctor, clinic, datetime, requested 'true' when the desk must accept). */
  'online_booking',
  /** A webhook endpoint was turned off because it kept failing (params: url, count): its creator and the administrators are told. */
  'webhook_disabled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const VISIT_CANCEL_REASON_MAX = 500;

export const reminderSettingsInput = z.strictObject({
  enabled: z.boolean(),
  channels: z.array(z.enum(REMINDER_CHANNELS, { error: 'validation.reminders.channelInvalid' })).max(REMINDER_CHANNELS.length),
  /** Empty: the company default (REMINDER_LEAD_HOURS). */
  leadHours: z.array(z.number({ error: 'validation.reminders.leadHoursInvalid' }).int('validation.reminders.leadHoursInvalid')
    .min(1, 'validation.reminders.leadHoursInvalid').max(336, 'validation.reminders.leadHoursInvalid')).max(5),
  /** The version the form loaded (1 before the first save); a save over another's answers 409 STALE_RECORD. */
  version: versionInput.optional(),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsInput>;

export const reminderSettings = reminderSettingsInput.extend({
  clinic: z.string(),
  version: versionSchema,
  /** The lead times that apply (the clinic's own or the company default). */
  effectiveLeadHours: z.array(z.number()),
});
export type ReminderSettings = z.infer<typeof reminderSettings>;

/**
 * What WhatsApp reported of a text it accepted (modules/whatsapp): accepted (nothing yet), sent, delivered, read,
 * failed (an SMS in its place may follow), sending (that SMS is going out), fell_back (sent by SMS instead) or
 * fallback_failed (it reached the patient by neither).
 */
export const WHATSAPP_DELIVERIES = ['accepted', 'sent', 'delivered', 'read', 'failed', 'sending', 'fell_back', 'fallback_failed'] as const;
export type WhatsAppDelivery = (typeof WHATSAPP_DELIVERIES)[number];

export const reminderRecord = z.object({
  _id: z.string(),
  appointment: z.object({ _id: z.string(), publicId: z.string(), datetime: z.string(), status: z.string() }),
  patient: z.object({ _id: z.string(), name: z.string() }),
  clinic: z.object({ _id: z.string(), name: z.string() }),
  channel: z.enum(REMINDER_CHANNELS),
  status: z.enum(REMINDER_STATUSES),
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  attempts: z.number(),
  /** The provider's answer or why it was skipped or failed. */
  detail: z.string().nullable(),
  /** For a reminder WhatsApp accepted, what it reported since (null: not sent by WhatsApp, or not followed). */
  delivery: z.enum(WHATSAPP_DELIVERIES).nullable(),
});
export type ReminderRecord = z.infer<typeof reminderRecord>;

export const reminderListQuery = pageQuerySchema.extend({
  status: z.enum(REMINDER_STATUSES).optional(),
});
export type ReminderListQuery = z.infer<typeof reminderListQuery>;

/** What the patient's public page shows: nothing beyond the appointment's date, time, clinic and doctor. */
export const visitView = z.object({
  datetime: z.string(),
  /** When the visit ends, with the clinic's offset (for the patient's own calendar). */
  endsAt: z.string(),
  timeZone: z.string(),
  clinic: z.string(),
  /** The clinic's street address and a map link to its location, when the clinic has them. */
  address: z.string().nullable(),
  mapUrl: z.string().nullable(),
  doctor: z.string(),
  /** `requested`: booked online, the desk has still to accept it (it may be cancelled or moved, not confirmed). */
  status: z.enum(['scheduled', 'requested', 'confirmed', 'cancelled', 'closed']),
  /** The link can still act (not used, appointment still scheduled). */
  canAct: z.boolean(),
  language: z.enum(['en', 'ar']),
  /** The clinic's calendar: its first weekday (0 Sunday .. 6 Saturday) and whether Hijri dates show beside. */
  firstWeekday: z.number().int().min(0).max(6),
  hijri: z.enum(['off', 'beside', 'primary']),
});
export type VisitView = z.infer<typeof visitView>;

/** POST /api/appointments/:id/patient-link: the patient's page for a visit still to come, for staff to copy or send. */
export const patientLinkRecord = z.object({ url: z.string(), expiresAt: z.string() });
export type PatientLinkRecord = z.infer<typeof patientLinkRecord>;

export const visitTokenQuery = z.object({ token: z.string().min(1).max(2000) });
export const visitConfirmInput = z.strictObject({ token: z.string().min(1).max(2000) });
export const visitCancelInput = z.strictObject({
  token: z.string().min(1).max(2000),
  reason: z.string({ error: 'validation.reminders.reasonRequired' }).trim().min(1, 'validation.reminders.reasonRequired').max(VISIT_CANCEL_REASON_MAX),
});

export const notificationRecord = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  entity: z.string(),
  entityId: z.string().nullable(),
  params: z.record(z.string(), z.string()),
  /** The text in the caller's language. */
  text: z.string(),
  /** The web app's page for the record. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

export const notificationListQuery = pageQuerySchema.extend({
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;
export const notificationUnread = z.object({ unread: z.number() });
