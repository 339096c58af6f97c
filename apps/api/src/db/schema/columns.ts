import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Created/updated instants, stored with time zone. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Every tenant-owned row carries its company; primary keys lead with it (distribution column for Citus). */
export const tenantId = () => uuid('company_id').notNull();
export const rowId = () => uuid('id').notNull().defaultRandom();

/**
 * Optimistic concurrency: every update of a record sets `version = version + 1` in the same statement and only
 * matches the version the client loaded, so an edit based on an older read changes nothing (409 STALE_RECORD).
 */
export const version = () => integer('version').notNull().default(1);
