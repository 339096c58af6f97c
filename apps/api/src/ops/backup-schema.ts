import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import { sqlLiteral } from '../lib/sql.js';

/*
 * The database as backup and restore see it: raw statements inside one transaction, the tables with their columns,
 * keys and sequences read from the catalogue, which tables a backup carries and in which order, and per-table
 * checksums for comparing two databases.
 */

/**
 * Tables that belong to the servers of one database rather than to its data (the signing secret they share): neither
 * backed up nor replaced by a restore, so a restored database keeps its servers' sign-ins and a backup file carries
 * no server secret.
 */
const SERVER_TABLES = new Set(['server_settings']);

/**
 * Tables a trigger fills from other tables (sign_in_names, from employees): not backed up, emptied by a restore and
 * filled again as the rows they come from are inserted.
 */
export const DERIVED_TABLES = ['sign_in_names'];

export type Runner = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * Runs raw SQL with $n parameters inside a Drizzle transaction (on both drivers). A failure keeps only the database's
 * own message: Drizzle's would repeat the statement and its parameters, which hold the rows (patient data).
 */
export function inTransaction(tx: Db): Runner {
  return async <T>(text: string, params: unknown[] = []) => {
    const parts = text.split(/\$(\d+)/);
    const chunks: SQL[] = [];
    parts.forEach((part, i) => {
      if (i % 2 === 0) {
        if (part) chunks.push(sql.raw(part));
      } else {
        chunks.push(sql`${sql.param(params[Number(part) - 1])}`);
      }
    });
    try {
      const result = await tx.execute(sql.join(chunks));
      return (result as unknown as { rows: T[] }).rows;
    } catch (err) {
      const cause = ((err as { cause?: unknown }).cause ?? err) as { message?: string; code?: string };
      throw Object.assign(new Error(cause.message ?? 'database error'), { code: cause.code });
    }
  };
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface Column { name: string; insertable: boolean; notNull: boolean; sequence: string | null }
export interface TableInfo { name: string; columns: Map<string, Column>; primaryKey: string[]; identityAlways: boolean }
export interface ForeignKey { child: string; parent: string; columns: string[] }
export interface SchemaInfo { tables: Map<string, TableInfo>; order: string[]; foreignKeys: ForeignKey[] }

/** Tables, columns, keys and sequences of the public schema, from the catalogue. */
export async function readSchema(run: Runner): Promise<SchemaInfo> {
  const columns = await run<{ tbl: string; col: string; generated: string; identity: string; not_null: boolean; seq: string | null }>(
    `select c.relname as tbl, a.attname as col, a.attgenerated::text as generated, a.attidentity::text as identity,
            a.attnotnull as not_null, pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as seq
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const keys = await run<{ tbl: string; cols: string }>(
    `select c.relname as tbl,
            (select json_agg(a.attname order by k.i)::text from unnest(i.indkey::int2[]) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n) as cols
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and i.indisprimary`,
  );
  const fks = await run<{ child: string; parent: string; cols: string }>(
    `select ch.relname as child, pa.relname as parent,
            (select json_agg(a.attname order by k.i)::text from unnest(f.conkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.n) as cols
       from pg_constraint f join pg_class ch on ch.oid = f.conrelid join pg_class pa on pa.oid = f.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
      where f.contype = 'f' and n.nspname = 'public'`,
  );
  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    let t = tables.get(c.tbl);
    if (!t) tables.set(c.tbl, (t = { name: c.tbl, columns: new Map(), primaryKey: [], identityAlways: false }));
    t.columns.set(c.col, { name: c.col, insertable: c.generated === '', notNull: c.not_null, sequence: c.seq });
    if (c.identity === 'a') t.identityAlways = true;
  }
  for (const k of keys) {
    const t = tables.get(k.tbl);
    if (t) t.primaryKey = JSON.parse(k.cols) as string[];
  }
  const foreignKeys = fks.map((f) => ({ child: f.child, parent: f.parent, columns: JSON.parse(f.cols) as string[] }));
  // Parents before children; a cycle (employees <-> departments) is cut where the walk meets it again.
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string, stack: Set<string>) => {
    if (seen.has(t) || stack.has(t)) return;
    stack.add(t);
    for (const e of foreignKeys) if (e.child === t && e.parent !== t) visit(e.parent, stack);
    stack.delete(t);
    seen.add(t);
    order.push(t);
  };
  for (const t of [...tables.keys()].sort()) if (!SERVER_TABLES.has(t) && !DERIVED_TABLES.includes(t)) visit(t, new Set());
  return { tables, order, foreignKeys };
}

/** Tenant data tables, parents before children (foreign-key order). */
export async function tablesInDependencyOrder(db: Database): Promise<string[]> {
  return (await readSchema(db.query)).order;
}

export async function migrationCount(run: Runner): Promise<number> {
  const rows = await run<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rows[0]?.n ?? 0);
}

export async function databaseName(run: Runner): Promise<string> {
  const [row] = await run<{ name: string }>(`select current_database() as name`);
  return row?.name ?? '';
}


/** A checksum per table, for comparing two databases. */
export async function tableChecksums(db: Database): Promise<Record<string, string>> {
  return runChecksums(db, checksumStatement(await readSchema(db.query)));
}

/**
 * The one statement that answers every tenant table's row count and checksum (rows in primary-key order): one round
 * trip instead of one per table, which is what a test comparing data before and after each of hundreds of requests
 * pays for.
 */
export function checksumStatement(schema: SchemaInfo): string {
  return schema.order.map((table) => {
    const pk = schema.tables.get(table)!.primaryKey;
    const order = pk.length ? pk.map(ident).join(', ') : 'to_jsonb(t)::text';
    return `select ${sqlLiteral(table)} as tbl, md5(coalesce(string_agg(to_jsonb(t)::text, '|' order by ${order}), '')) as sum, count(*)::int as n from ${ident(table)} t`;
  }).join('\nunion all ');
}

export async function runChecksums(db: Database, statement: string): Promise<Record<string, string>> {
  const rows = statement ? await db.query<{ tbl: string; sum: string | null; n: number }>(statement) : [];
  const out: Record<string, string> = {};
  for (const row of rows) out[row.tbl] = `${row.n ?? 0}:${row.sum ?? ''}`;
  return out;
}
