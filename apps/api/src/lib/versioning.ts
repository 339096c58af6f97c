import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { STALE_RECORD } from '@clinic/shared';
import { AppError, notFound } from './errors.js';

/*
 * Optimistic concurrency (docs/decisions.md, "Concurrent changes"). A change is based on the version of the record
 * its form loaded. The statement that changes the record also checks that version and raises it:
 *
 *   update ... set ..., version = version + 1 where company_id = $1 and id = $2 and version = $3 returning ...
 *
 * so of two changes based on the same version exactly one matches the row; the other matches nothing (PostgreSQL
 * re-checks the condition on the row the first one committed) and is answered 409 STALE_RECORD, changing nothing.
 */

/** 409: someone else changed the record since it was loaded. */
export function staleRecord(): AppError {
  return new AppError(409, STALE_RECORD, 'errors.staleRecord');
}

/** `version + 1`, for the SET of the statement that changes the record. */
export function nextVersion(column: AnyColumn): SQL {
  return sql`${column} + 1`;
}

/** Refuses at once a change based on another version than the record as just read (saves the work of a doomed update). */
export function assertVersion(current: { version: number }, expected: number): void {
  if (current.version !== expected) throw staleRecord();
}

/**
 * A conditional update matched no row: the record is gone (404, or the area's own not-found) or it was changed
 * since the version the change is based on (409 STALE_RECORD).
 */
export async function staleOrMissing(stillExists: () => Promise<boolean>, missing: () => AppError = notFound): Promise<never> {
  throw (await stillExists()) ? staleRecord() : missing();
}
