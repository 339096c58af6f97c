import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId } from './columns.js';
import { companies, employees } from './core.js';
import { bytea } from './files.js';
import { clinics } from './organisation.js';

/**
 * FHIR bulk exports ($export): one row per kick-off. The NDJSON files live in `fhir_export_chunks` and are removed
 * with the row. `heartbeat_at` moves with every batch written: a running export whose heartbeat stopped
 * (its server died) is reported as failed.
 */
export const fhirExports = pgTable('fhir_exports', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  requestedBy: uuid('requested_by'),
  /** 'running' | 'done' | 'failed' */
  status: text('status').notNull().default('running'),
  request: text('request').notNull(),
  types: jsonb('types').notNull().default([]),
  since: timestamp('since', { withTimezone: true, mode: 'date' }),
  /** [{ type, count }] once done. */
  output: jsonb('output').notNull().default([]),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  // One export at a time per company: a second kick-off while one runs is refused by this index.
  uniqueIndex('fhir_exports_running_uq').on(t.companyId).where(sql`${t.status} = 'running'`),
]);

/** The NDJSON output of an export, one file per resource type, in chunks of whole lines (ordered by `seq`). */
export const fhirExportChunks = pgTable('fhir_export_chunks', {
  companyId: tenantId(),
  exportId: uuid('export_id').notNull(),
  type: text('type').notNull(),
  seq: integer('seq').notNull(),
  data: bytea('data').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.exportId, t.type, t.seq] }),
  foreignKey({ columns: [t.companyId, t.exportId], foreignColumns: [fhirExports.companyId, fhirExports.id], name: 'fhir_export_chunks_export_fk' }).onDelete('cascade'),
]);

/**
 * Private iCalendar feeds: a doctor's or a clinic's appointments at /api/calendars/<secret>.ics. Only a hash of the
 * secret is kept; rotating replaces it (the old address stops at once), revoking stamps `revoked_at`.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  doctorId: uuid('doctor_id'),
  clinicId: uuid('clinic_id'),
  /** Full patient names instead of initials (initials by default: a phone calendar is not a medical record). */
  showNames: boolean('show_names').notNull().default(false),
  secretHash: text('secret_hash').notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('calendar_feeds_secret_uq').on(t.secretHash),
  index('calendar_feeds_doctor_idx').on(t.companyId, t.doctorId),
  foreignKey({ columns: [t.companyId, t.doctorId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
  foreignKey({ columns: [t.companyId, t.clinicId], foreignColumns: [clinics.companyId, clinics.id] }).onDelete('cascade'),
]);
