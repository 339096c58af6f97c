import { bigint, customType, foreignKey, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId } from './columns.js';
import { companies } from './core.js';

/** Binary content, read and written as Buffers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * An uploaded file; its content is in `file_chunks`. The user's file name is kept only as text. `storage_path` is set
 * only for a file still on disk under DATA_DIR/uploads (from before files moved into the database; `files:migrate`
 * moves it and clears the path).
 */
export const files = pgTable('files', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  storagePath: text('storage_path'),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('files_created_idx').on(t.companyId, t.createdAt)]);

/** Size of one stored chunk: uploads are written and downloads read a chunk at a time, never a whole file. */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** A file's content, in order of `seq` (0, 1, ...), FILE_CHUNK_BYTES each but the last; removed with its file. */
export const fileChunks = pgTable('file_chunks', {
  companyId: tenantId(),
  fileId: uuid('file_id').notNull(),
  seq: integer('seq').notNull(),
  data: bytea('data').notNull(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.fileId, t.seq] }),
  foreignKey({ columns: [t.companyId, t.fileId], foreignColumns: [files.companyId, files.id], name: 'file_chunks_file_fk' }).onDelete('cascade'),
]);

/**
 * Settings shared by every API server of one database, in a single row (id 1): the signing secret when JWT_SECRET
 * is not given, created once by whichever server starts first.
 */
export const serverSettings = pgTable('server_settings', {
  id: smallint('id').primaryKey().default(1),
  signingSecret: text('signing_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
