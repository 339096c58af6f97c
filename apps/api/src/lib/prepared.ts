import { createHash } from 'node:crypto';
import { Column, getTableName, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';
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
  const nameOf = () => `clinic_q_${createHash('sha1').update(key).digest('base64url')}`;
  // A transaction's statements run on its own connection and die with it: built for this call, never kept.
  if (db instanceof PgTransaction) return build(nameOf());
  let shapes = built.get(db);
  if (!shapes) {
    shapes = new Map();
    built.set(db, shapes);
  }
  let found = shapes.get(key) as Prepared<T> | undefined;
  if (!found) {
    found = withCompiledRows(build(nameOf()));
    if (shapes.size >= SHAPES_MAX) shapes.clear();
    shapes.set(key, found as Prepared<unknown>);
  }
  return found;
}

interface Decoder { mapFromDriverValue(value: unknown): unknown }
/** What Drizzle's own row mapping holds of a built statement (`fields` is absent for a statement without rows). */
interface DrizzleRows {
  fields?: Array<{ path: string[]; field: unknown }>;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** The decoder Drizzle's row mapping uses for a selected field, or null when it returns the driver's value as is. */
function decoderOf(field: unknown): Decoder | null {
  const f = field as { decoder: Decoder; _: { sql: { decoder: Decoder } }; sql: { decoder: Decoder } };
  const decoder = is(field, Column) ? (field as Decoder) : is(field, SQL) ? f.decoder : is(field, Subquery) ? f._.sql.decoder : f.sql.decoder;
  const identity = decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue || decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue;
  return identity ? null : decoder;
}

/**
 * Drizzle maps every row column by column through a general path walker whose type checks (`is`) walk class chains:
 * for a page of a hundred appointments that cost more than the query. The same mapping is worked out here once per
 * statement (each column's key path, decoder and table) and then only applied: the same values, the same nesting, and
 * a joined table whose columns are all null still becomes null where its join may miss.
 */
function withCompiledRows<T>(query: Prepared<T>): Prepared<T> {
  const q = query as unknown as DrizzleRows;
  if (!Array.isArray(q.fields) || q.customResultMapper) return query;
  const columns = q.fields.map(({ path, field }) => ({
    path,
    last: path[path.length - 1]!,
    decoder: decoderOf(field),
    /** The table of a column nested one level (`{ a: appointments }`): what decides whether its object is null. */
    table: path.length === 2 && is(field, Column) ? getTableName(field.table) : null,
  }));
  const nested = columns.some((c) => c.path.length > 1);
  q.customResultMapper = (rows) => {
    const joins = q.joinsNotNullableMap;
    const out = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      const result: Record<string, unknown> = {};
      let nullify: Record<string, string | false> | null = null;
      for (let i = 0; i < columns.length; i++) {
        const c = columns[i]!;
        const raw = row[i];
        const value = raw === null ? null : c.decoder ? c.decoder.mapFromDriverValue(raw) : raw;
        if (!nested || c.path.length === 1) {
          result[c.last] = value;
          continue;
        }
        let node = result;
        for (let j = 0; j < c.path.length - 1; j++) {
          const chunk = c.path[j]!;
          if (!(chunk in node)) node[chunk] = {};
          node = node[chunk] as Record<string, unknown>;
        }
        node[c.last] = value;
        if (joins && c.table !== null) {
          nullify ??= {};
          const object = c.path[0]!;
          if (!(object in nullify)) nullify[object] = value === null ? c.table : false;
          else if (typeof nullify[object] === 'string' && nullify[object] !== c.table) nullify[object] = false;
        }
      }
      if (joins && nullify) {
        for (const object in nullify) {
          const table = nullify[object];
          if (typeof table === 'string' && !joins[table]) result[object] = null;
        }
      }
      out[r] = result;
    }
    return out;
  };
  return query;
}
