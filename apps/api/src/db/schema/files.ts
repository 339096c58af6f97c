import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId } from './columns.js';
import { companies } from './core.js';

/** An uploaded file, stored under DATA_DIR/uploads by id; the user's file name is kept only as text. */
export const files = pgTable('files', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  storagePath: text('storage_path').notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('files_created_idx').on(t.companyId, t.createdAt)]);
