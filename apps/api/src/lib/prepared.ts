import { createHash } from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** A statement built once, then only run with the values of its placeholders (`sql.placeholder(name)`). */
export interface Prepared<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

const built = new WeakMap<Db, Map<string, Prepared<unknown>>>();
/** Shapes kept per database; past this the memo starts afresh (each shape is simply built again). */
const SHAPES_MAX = 1000;

/**
 * The statement of one query shape (which filters are present, the order), built by Drizzle once per database
 * and then executed with its values: turning a query into SQL text costs Drizzle more CPU than a simple read costs
 * the database, on every request. `key` must name everything that changes the SQL text (never a value: the values
 * go through placeholders, and stay parameters). On PostgreSQL the statement is also prepared once per connection.
 */
export function prepared<T>(db: Db, key: string, build: (name: string) => Prepared<T>): Prepared<T> {
  const name = `clinic_q_${createHash('sha1').update(key).digest('base64url')}`;
  // A transaction's statements run on its own connection and die with it: built for this call, never kept.
  if (db instanceof PgTransaction) return build(name);
  let shapes = built.get(db);
  if (!shapes) {
    shapes = new Map();
    built.set(db, shapes);
  }
  let found = shapes.get(key) as Prepared<T> | undefined;
  if (!found) {
    found = build(name);
    if (shapes.size >= SHAPES_MAX) shapes.clear();
    shapes.set(key, found as Prepared<unknown>);
  }
  return found;
}
