import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId, version } from './columns.js';
import { companies } from './core.js';

/*
 * Moving in and talking to others: spreadsheet imports (modules/imports: one batch per file, its rows tagged with
 * the batch so it can be undone as a whole) and webhooks (modules/webhooks: a company's endpoints, and each delivery
 * of an event to one of them with what it answered).
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One import of one file: patients, staff, services or appointments. A dry run checks every row and keeps the
 * report; the import writes the rows (tagged with the batch id) in chunks, its progress counted; undo removes them
 * while nothing refers to them.
 */
export const importBatches = pgTable('import_batches', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  /** patients | employees | services | appointments */
  kind: text('kind').notNull(),
  /** The uploaded file (files table), kept for the import to read again after the dry run. */
  fileId: uuid('file_id').notNull(),
  fileName: text('file_name').notNull(),
  /** Column mapping: { field: column header }. */
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
  /** checked | importing | imported | failed | undone */
  status: text('status').notNull().default('checked'),
  totalRows: integer('total_rows').notNull().default(0),
  /** Rows the dry run accepts, and those it refuses (the report lists the first of them). */
  validRows: integer('valid_rows').notNull().default(0),
  refusedRows: integer('refused_rows').notNull().default(0),
  /** Rows written so far (the progress bar) and likely duplicates flagged. */
  importedRows: integer('imported_rows').notNull().default(0),
  /** The file's last row (its row number) the import has written through: a resumed import goes on after it. */
  resumeRow: integer('resume_row').notNull().default(0),
  duplicateRows: integer('duplicate_rows').notNull().default(0),
  /** [{ row, column, code, message key, params }]: bounded (the first 1,000 problems). */
  report: jsonb('report').$type<Array<Record<string, unknown>>>().notNull().default([]),
  lastError: text('last_error'),
  createdBy: uuid('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  startedAt: at('started_at'),
  finishedAt: at('finished_at'),
  undoneAt: at('undone_at'),
  undoneBy: uuid('undone_by'),
  version: version(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('import_batches_created_idx').on(t.companyId, t.createdAt),
]);

/** The column mapping an organisation last used for a kind of import, offered again next time. */
export const importMappings = pgTable('import_mappings', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  /** { normalised column header: field }. */
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.companyId, t.kind] })]);

/** A company's webhook endpoint: where to send which events, signed with its secret (Standard Webhooks). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  /** The event types it receives, e.g. ['appointment.booked', 'invoice.paid']. */
  events: jsonb('events').$type<string[]>().notNull().default([]),
  /** The signing secret (`whsec_` + base64), encrypted (lib/secret-box.ts). */
  secretEnc: text('secret_enc').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Set when it was turned off because it kept failing (and its owner told). */
  disabledReason: text('disabled_reason'),
  disabledAt: at('disabled_at'),
  /** Failed deliveries in a row since the last success. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  /** When the current run of failures began (null after a success): an endpoint failing for a day is turned off. */
  failingSince: at('failing_since'),
  createdBy: uuid('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  version: version(),
}, (t) => [primaryKey({ columns: [t.companyId, t.id] })]);

/** One event sent to one endpoint: the message as signed, its attempts and the last answer (bounded). */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  endpointId: uuid('endpoint_id').notNull(),
  /** The message id (`webhook-id`): the same for a retry, new for a replay. */
  messageId: text('message_id').notNull(),
  eventType: text('event_type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  /** pending | delivered | failed */
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  responseStatus: integer('response_status'),
  /** The first 2 KB of the last answer's body. */
  responseBody: text('response_body'),
  lastError: text('last_error'),
  /** The delivery this one replays. */
  replayOf: uuid('replay_of'),
  createdAt: at('created_at').notNull().defaultNow(),
  lastAttemptAt: at('last_attempt_at'),
  deliveredAt: at('delivered_at'),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('webhook_deliveries_endpoint_idx').on(t.companyId, t.endpointId, t.createdAt),
  index('webhook_deliveries_pending_idx').on(t.companyId, t.status).where(sql`${t.status} = 'pending'`),
  foreignKey({ columns: [t.companyId, t.endpointId], foreignColumns: [webhookEndpoints.companyId, webhookEndpoints.id] }).onDelete('cascade'),
]);
