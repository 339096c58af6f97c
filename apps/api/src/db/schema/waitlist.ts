import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, timestamps, version } from './columns.js';
import { services } from './catalog.js';
import { companies, employees } from './core.js';
import { patients } from './patients.js';

/**
 * A patient waiting for a service (optionally with one doctor) within a preferred window: clinic-local dates,
 * weekdays (0 Monday .. 6 Sunday) and a time of day. Open until booked (with the appointment it became) or closed.
 */
export const waitlistEntries = pgTable('waitlist_entries', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  publicId: text('public_id').notNull(),
  patientId: uuid('patient_id').notNull(),
  serviceId: uuid('service_id').notNull(),
  clinicId: uuid('clinic_id').notNull(),
  doctorId: uuid('doctor_id'),
  fromDate: text('from_date'),
  toDate: text('to_date'),
  weekdays: jsonb('weekdays').notNull().default([]),
  timeFrom: text('time_from'),
  timeTo: text('time_to'),
  /** 0 routine, 1 soon, 2 urgent. */
  priority: integer('priority').notNull().default(0),
  note: text('note').notNull().default(''),
  status: text('status').notNull().default('open'),
  /** The appointment the entry became (kept without a foreign key, so the appointment can still be removed). */
  appointmentId: uuid('appointment_id'),
  createdBy: uuid('created_by'),
  version: version(),
  ...timestamps,
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('waitlist_entries_public_id_uq').on(t.companyId, t.publicId),
  index('waitlist_entries_open_idx').on(t.companyId, t.status, t.serviceId),
  foreignKey({ columns: [t.companyId, t.patientId], foreignColumns: [patients.companyId, patients.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.serviceId], foreignColumns: [services.companyId, services.id] }).onDelete('restrict'),
  foreignKey({ columns: [t.companyId, t.doctorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('restrict'),
]);
