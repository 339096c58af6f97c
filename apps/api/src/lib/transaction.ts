import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Runs `work` in one transaction: a change, its audit row and what it plans (its domain events, job rows, live
 * events) commit together or not at all. Given a transaction, it opens a savepoint inside it. Inside `work`,
 * every statement goes through `tx`: PGlite has one connection, and a statement on the outer database would wait
 * for the transaction that waits for it.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => work(tx as unknown as Db));
}

/** The dependencies with their database replaced by a transaction, for the helpers a service calls inside it. */
export function withDb<D extends { db: Db }>(deps: D, tx: Db): D {
  return { ...deps, db: tx };
}

/** Runs `work` in a transaction holding the company's organisation lock, so plan limits hold under concurrency. */
export async function inOrganisationTransaction<T>(db: Db, companyId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`organisation:${companyId}`}))`);
    return work(tx as unknown as Db);
  });
}
