import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;

/**
 * With CLINIC_SQL_LOG=<file>, every statement the server runs is appended to that file as a JSON line
 * ({ sql, params }). The benchmark uses it to replay exactly what a request ran, straight through the driver.
 */
function sqlCapture(): Logger | undefined {
  if (!process.env.CLINIC_SQL_LOG) return undefined;
  return {
    logQuery(query: string, params: unknown[]) {
      // Read at every statement, so a test can pause the capture (an empty value) while it loads data.
      const file = process.env.CLINIC_SQL_LOG;
      if (file) appendFileSync(file, JSON.stringify({ sql: query, params }) + '\n');
    },
  };
}
/**
 * Gives every statement with parameters a name derived from its text, so node-postgres prepares it once per
 * connection and then only binds and executes it: PostgreSQL parses (and, once a generic plan pays off, plans) each
 * distinct statement once per connection instead of on every request. Statements without parameters (migrations,
 * maintenance) keep the simple protocol, which also allows several commands in one string.
 */
export function nameStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const params = Array.isArray(values) ? values : (config as pg.QueryConfig | null)?.values;
    if (params?.length) {
      const text = typeof config === 'string' ? config : (config as pg.QueryConfig | null)?.text;
      const given = typeof config === 'object' && config !== null && 'name' in config && (config as pg.QueryConfig).name;
      if (typeof text === 'string' && !given) {
        const name = `clinic_${createHash('sha1').update(text).digest('base64url')}`;
        config = typeof config === 'string' ? { text, name } : { ...(config as pg.QueryConfig), name };
      }
    }
    return query(config, values, callback);
  };
}

/** The Drizzle database, the same type over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Raw SQL with parameters, for benchmarks and maintenance tools. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Applies pending migrations; safe at every start and from several processes. */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel: `onMessage` receives every NOTIFY payload sent on it by any server sharing the database.
   * PostgreSQL holds one connection of its own for it; PGlite delivers in-process. Returns the stop function.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

/** PGlite must reopen a data folder with the same extensions it was created with. */
export const pgliteExtensions = { btree_gist, pg_trgm };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; ignored with a URL. Omit for an in-memory database. */
  pgliteDir?: string | undefined;
  /** A dumped PGlite data folder to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    pool.on('error', () => { /* a broken idle connection is replaced on next use */ });
    pool.on('connect', nameStatements);
    const logger = sqlCapture();
    const db = drizzlePg(pool, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
      listen: async (channel, onMessage) => {
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        client.on('error', () => { /* the listener reconnects on the next start; events are hints, not data */ });
        client.on('notification', (n) => { if (n.channel === channel && n.payload !== undefined) onMessage(n.payload); });
        await client.connect();
        await client.query(`listen "${channel.replace(/"/g, '')}"`);
        return async () => { await client.end().catch(() => {}); };
      },
      migrate: async () => {
        // One connection holds an advisory lock so concurrent starts apply migrations once.
        const conn = await pool.connect();
        try {
          await conn.query('select pg_advisory_lock(727274)');
          try {
            await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
          } finally {
            await conn.query('select pg_advisory_unlock(727274)');
          }
        } finally {
          conn.release();
        }
      },
    };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = new PGlite({
    ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  await client.waitReady;
  const logger = sqlCapture();
  const db = drizzlePglite(client, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => { await stop().catch(() => {}); };
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
  };
}

