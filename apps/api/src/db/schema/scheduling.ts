import { bigint, boolean, foreignKey, index, integer, pgSchema, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { services } from './catalog.js';
import { companies, employees } from './core.js';
import { clinics } from './organisation.js';
import { patients } from './patients.js';

/**
 * A recurring series of appointments: the first occurrence's fields and an RFC 5545 RRULE, expanded in the clinic's
 * time zone (the local wall-clock time stays the same across daylight saving). Each occurrence is an ordinary
 * appointment that points at its series.
 */
export const appointmentSeries = pgTable('appointment_series', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  patientId: uuid('patient_id').notNull(),
  doctorId: uuid('doctor_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  serviceId: uuid('service_id').notNull(),
  reason: text('reason').notNull(),
  /** The RRULE (without DTSTART), e.g. FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH;COUNT=10. */
  rrule: text('rrule').notNull(),
  /** The first occurrence's clinic-local date and time ('YYYY-MM-DD', 'HH:MM') and the zone they are read in. */
  localDate: text('local_date').notNull(),
  localTime: text('local_time').notNull(),
  timeZone: text('time_zone').notNull(),
  createdBy: uuid('created_by'),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('appointment_series_patient_idx').on(t.companyId, t.patientId),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('restrict'),
]);

/**
 * An appointment is an instant range [starts_at, ends_at). Overlaps of active (scheduled, arrived, in consultation)
 * appointments per doctor and per patient are refused by exclusion constraints (see migrations/0017_extras_0011_visit_flow.sql;
 * the doctor's over the buffered range and without overbooked appointments: migrations/0020_extras_0012_series.sql).
 */
export const appointments = pgTable('appointments', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** The import batch that created it (modules/imports), so the batch can be undone; null when entered by hand. Indexed in migration 0059. */
  importBatchId: uuid('import_batch_id'),
  publicId: text('public_id').notNull(),
  patientId: uuid('patient_id').notNull(),
  doctorId: uuid('doctor_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  serviceId: uuid('service_id').notNull(),
  reason: text('reason').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  status: text('status').notNull().default('scheduled'),
  cancellationReason: text('cancellation_reason'),
  /** Cancelled within the company's late-cancellation hours of the start. */
  lateCancellation: boolean('late_cancellation').notNull().default(false),
  /** The visit's steps: when, and by whom (an employee id, kept without a foreign key so people can be removed). */
  arrivedAt: timestamp('arrived_at', { withTimezone: true, mode: 'date' }),
  arrivedBy: uuid('arrived_by'),
  calledInAt: timestamp('called_in_at', { withTimezone: true, mode: 'date' }),
  calledInBy: uuid('called_in_by'),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  completedBy: uuid('completed_by'),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  cancelledBy: uuid('cancelled_by'),
  noShowAt: timestamp('no_show_at', { withTimezone: true, mode: 'date' }),
  noShowBy: uuid('no_show_by'),
  visitNote: text('visit_note'),
  reminderSent: boolean('reminder_sent').notNull().default(false),
  /** The series this appointment is an occurrence of. */
  seriesId: uuid('series_id'),
  /** Booked on purpose on top of the doctor's other appointments (permission appointment_overbook; audited). */
  overbooked: boolean('overbooked').notNull().default(false),
  /** The service's buffers when booked: [starts_at - before, ends_at + after) blocks the doctor. */
  bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
  bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
  /** Kept by a trigger from the times and buffers (migrations/0020_extras_0012_series.sql); the doctor's exclusion range. */
  blockedFrom: timestamp('blocked_from', { withTimezone: true, mode: 'date' }),
  blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  createdBy: uuid('created_by'),
  /** Where it was booked: 'staff' (the desk, the calendar) or 'online' (the patient, on the public booking page). */
  source: text('source').notNull().default('staff'),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('appointments_public_id_uq').on(t.companyId, t.publicId),
  index('appointments_clinic_time_idx').on(t.companyId, t.clinicId, t.startsAt),
  index('appointments_doctor_time_idx').on(t.companyId, t.doctorId, t.startsAt),
  index('appointments_patient_time_idx').on(t.companyId, t.patientId, t.startsAt),
  // By status and time: appointments_status_page_idx in migrations/0013_extras_0009_status_page.sql (with the columns a page and its
  // count need, so a busy day's list reads only the index).
  // The appointments list's own orders (newest first by default, or by date) page through these.
  index('appointments_created_idx').on(t.companyId, t.createdAt, t.id),
  index('appointments_time_idx').on(t.companyId, t.startsAt, t.id),
  index('appointments_series_idx').on(t.companyId, t.seriesId, t.startsAt),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.doctorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.serviceId], foreignColumns: [services.companyId, services.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.seriesId], foreignColumns: [appointmentSeries.companyId, appointmentSeries.id] }).onDelete('restrict'),
]);

/**
 * Change stamps live in their own schema, outside the tenant data that backups copy and restores replace: a stamp must
 * only ever grow (a server may hold answers made under any earlier value), and a restore raises it like any other
 * write as it commits.
 */
export const changeStamps = pgSchema('change_stamps');

/**
 * A per-company change stamp of what the calendar's cards show: raised once by every committed transaction that
 * inserts, updates or deletes an appointment, or renames a patient, a doctor or a service, or moves a clinic to another
 * time zone (triggers in migrations/0026_hand_change_stamps.sql, whoever writes the row). The calendar keeps its answers while
 * the company's stamp is unchanged, so every API server sharing the database sees a change at once. No row means 0.
 * No foreign key: a company's deletion also deletes its appointments, which raise the stamp as the deletion commits.
 */
export const calendarStamps = changeStamps.table('calendar_stamps', {
  companyId: uuid('company_id').primaryKey(),
  stamp: bigint('stamp', { mode: 'number' }).notNull().default(0),
});

/** Companies whose stamp the committing transaction raises (rows live only until the commit's deferred trigger). */
export const calendarStampsPending = changeStamps.table('calendar_stamps_pending', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: uuid('company_id').notNull(),
});
