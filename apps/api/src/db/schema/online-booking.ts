import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { companies } from './core.js';
import { clinics } from './organisation.js';
import { appointments } from './scheduling.js';

/*
 * Patients booking themselves (modules/online-booking): each clinic's settings, the one-time codes that verify a
 * mobile number, and the record of each booking made online (who verified it, from where) that the limits count.
 */

/** Whether and how a clinic takes bookings online; no row: off. */
export const clinicOnlineBooking = pgTable('clinic_online_booking', {
  companyId: tenantId(),
  clinicId: uuid('clinic_id').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  /** 'instant' (booked at once, status scheduled) or 'request' (status requested until the desk accepts). */
  mode: text('mode').notNull().default('instant'),
  /** The services and doctors patients may pick online (ids); empty: none. */
  serviceIds: jsonb('service_ids').notNull().default([]),
  doctorIds: jsonb('doctor_ids').notNull().default([]),
  /** The earliest bookable start, this many minutes from now; the latest, this many days ahead. */
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
  horizonDays: integer('horizon_days').notNull().default(30),
  /** Bookings one verified mobile number may make online at this clinic per day and per week. */
  maxPerPhoneDay: integer('max_per_phone_day').notNull().default(2),
  maxPerPhoneWeek: integer('max_per_phone_week').notNull().default(4),
  /** The cancellation policy shown before booking: { en?: string, ar?: string }. */
  cancellationPolicy: jsonb('cancellation_policy').notNull().default({}),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.clinicId] }),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('cascade'),
]);

/**
 * A one-time code sent to a mobile number: stored as a hash, valid until `expires_at`, at most five tries; once
 * verified it may be used for one booking (`consumed_at`). `ip` is the requesting address, for the per-address limit.
 */
export const phoneVerifications = pgTable('phone_verifications', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** E.164, e.g. +966501234567. */
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  /** The channel the code went out on: 'sms' or 'whatsapp' (after a fallback, the one that delivered). */
  channel: text('channel'),
  ip: text('ip').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  // The limits count codes per number and per address over the last hour (across organisations).
  index('phone_verifications_phone_idx').on(t.phone, t.createdAt),
  index('phone_verifications_ip_idx').on(t.ip, t.createdAt),
  index('phone_verifications_old_idx').on(t.createdAt),
]);

/** Each booking made online: the verified number and address, for the per-number limits and the audit. */
export const onlineBookings = pgTable('online_bookings', {
  companyId: tenantId(),
  appointmentId: uuid('appointment_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  phone: text('phone').notNull(),
  ip: text('ip').notNull(),
  verificationId: uuid('verification_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.appointmentId] }),
  index('online_bookings_phone_idx').on(t.companyId, t.clinicId, t.phone, t.createdAt),
  foreignKey({ columns: [t.companyId, t.appointmentId], foreignColumns: [appointments.companyId, appointments.id] }).onDelete('cascade'),
]);

