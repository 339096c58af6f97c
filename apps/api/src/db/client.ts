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
import { acceptsSession, hostOrder, needsHostChoice, parseDatabaseUrl, type DatabaseHost, type DatabaseTarget } from './hosts.js';
import * as schema from './schema/index.js';
import { NoPrimaryError } from './unavailable.js';

export type Schema = typeof schema;

/**
 * With CLINIC_SQL_LOG=<file>, every statement the server runs (through Drizzle or `Database.query`) is appended to that
 * file as a JSON line ({ sql, params }). The benchmark uses it to replay exactly what a request ran, straight through the driver.
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
const statementNames = new Map<string, string>();
/** Distinct statement texts remembered with their names; past this the memo starts afresh (names stay the same). */
const STATEMENT_NAMES_MAX = 5000;

/** A statement's name: a digest of its text, worked out once per text (every request runs the same few texts). */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `clinic_${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

export function nameStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const params = Array.isArray(values) ? values : (config as pg.QueryConfig | null)?.values;
    if (params?.length) {
      const text = typeof config === 'string' ? config : (config as pg.QueryConfig | null)?.text;
      const given = typeof config === 'object' && config !== null && 'name' in config && (config as pg.QueryConfig).name;
      if (typeof text === 'string' && !given) {
        const name = statementName(text);
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

/** With a multi-host URL: how long one host may take to accept a connection before the next is tried. */
const CONNECT_TIMEOUT_MS = 5000;
/** With a multi-host URL: the longest one statement may run (server side), and the client's own guard above it. */
const STATEMENT_TIMEOUT_MS = 60_000;
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5000;

/**
 * Remembers which host of a multi-host URL answered as primary. A new pool connection goes straight to it; when it
 * fails, refuses, or turns read-only (a failover demoted it), the host is forgotten and the next connection tries
 * the hosts in order, keeping the first whose session qualifies (`SHOW transaction_read_only` is `off` for
 * target_session_attrs=read-write).
 */
export class HostChooser {
  private lastGood: number | null = null;
  private finding: Promise<number> | null = null;

  constructor(
    readonly target: DatabaseTarget,
    private readonly probe: (host: DatabaseHost) => Promise<string | undefined>,
  ) {}

  /** The index of the host to connect to; probes the hosts when none is known. */
  async choose(): Promise<number> {
    if (this.lastGood !== null) return this.lastGood;
    this.finding ??= this.find().finally(() => { this.finding = null; });
    return this.finding;
  }

  private async find(): Promise<number> {
    for (const i of hostOrder(this.target.hosts.length, this.lastGood)) {
      const host = this.target.hosts[i] as DatabaseHost;
      try {
        if (acceptsSession(this.target.targetSessionAttrs, await this.probe(host))) {
          this.lastGood = i;
          return i;
        }
      } catch {
        /* this host is down or unreachable: try the next */
      }
    }
    throw new NoPrimaryError();
  }

  /** Forgets a host that failed or no longer qualifies, so the next connection looks again. */
  forget(index: number): void {
    if (this.lastGood === index) this.lastGood = null;
  }

  get current(): number | null {
    return this.lastGood;
  }
}

/** Connection settings shared by every connection of a multi-host pool: bounded waits, so a lost host never hangs. */
function guardedConfig(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  };
}

async function readOnlyOf(client: pg.Client): Promise<string | undefined> {
  const r = await client.query<{ transaction_read_only: string }>('show transaction_read_only');
  return r.rows[0]?.transaction_read_only;
}

/**
 * A node-postgres client class whose connections go to the chosen host. It checks the session after connecting:
 * a host that turned into a standby since it was chosen is forgotten and the connection refused (retryable).
 */
export function multiHostClient(chooser: HostChooser): typeof pg.Client {
  const { target } = chooser;
  return class MultiHostClient extends pg.Client {
    private hostIndex: number;

    constructor(config?: pg.ClientConfig) {
      const index = chooser.current ?? 0;
      super({ ...config, ...guardedConfig(target.urlFor(target.hosts[index] as DatabaseHost)) });
      this.hostIndex = index;
      // A connection lost later (the server was killed or demoted) makes the pool drop this client; the host is
      // forgotten so the next connection looks for the primary again.
      this.on('error', () => chooser.forget(this.hostIndex));
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
      const attempt = this.connectChosen().then(() => this as pg.Client);
      if (!callback) return attempt;
      const cb = callback as (err: Error | null, c?: pg.Client) => void;
      attempt.then((c) => cb(null, c), (err: Error) => cb(err));
    }

    private async connectChosen(): Promise<void> {
      const index = await chooser.choose();
      const host = target.hosts[index] as DatabaseHost;
      const self = this as unknown as { host: string; port: number; connectionParameters: { host: string; port: number } };
      self.host = self.connectionParameters.host = host.host;
      self.port = self.connectionParameters.port = host.port;
      this.hostIndex = index;
      try {
        await super.connect();
      } catch (err) {
        chooser.forget(index);
        throw err;
      }
      let readOnly: string | undefined;
      try {
        readOnly = target.targetSessionAttrs === 'any' ? undefined : await readOnlyOf(this);
      } catch (err) {
        chooser.forget(index);
        await this.end().catch(() => {});
        throw err;
      }
      if (!acceptsSession(target.targetSessionAttrs, readOnly)) {
        chooser.forget(index);
        await this.end().catch(() => {});
        throw new NoPrimaryError(`database host ${host.host}:${host.port} no longer accepts read-write sessions`);
      }
    }
  };
}

/** Probes one host with a short-lived connection: its `transaction_read_only`, or a rejection when it is down. */
async function probeHost(target: DatabaseTarget, host: DatabaseHost): Promise<string | undefined> {
  const client = new pg.Client(guardedConfig(target.urlFor(host)));
  client.on('error', () => { /* reported through connect or query */ });
  try {
    await client.connect();
    return await readOnlyOf(client);
  } finally {
    await client.end().catch(() => {});
  }
}

interface PgConnection {
  pool: pg.Pool;
  /** A new unpooled client to the current primary (LISTEN needs a connection of its own). */
  newClient(): pg.Client;
}

function connectPostgres(databaseUrl: string, poolSize: number): PgConnection {
  const target = parseDatabaseUrl(databaseUrl);
  if (!target || !needsHostChoice(target)) {
    // One host: exactly the driver's own behaviour.
    return {
      pool: new pg.Pool({ connectionString: databaseUrl, max: poolSize }),
      newClient: () => new pg.Client({ connectionString: databaseUrl }),
    };
  }
  const chooser = new HostChooser(target, (host) => probeHost(target, host));
  const Client = multiHostClient(chooser);
  return {
    pool: new pg.Pool({ max: poolSize, Client, connectionTimeoutMillis: CONNECT_TIMEOUT_MS * (target.hosts.length + 1) }),
    newClient: () => new Client(),
  };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { pool, newClient } = connectPostgres(opts.databaseUrl, opts.poolSize ?? 20);
    pool.on('error', () => { /* a broken idle connection is replaced on next use */ });
    pool.on('connect', nameStatements);
    const logger = sqlCapture();
    const db = drizzlePg(pool, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      query: async <T>(text: string, params: unknown[] = []) => {
        logger?.logQuery(text, params);
        return (await pool.query(text, params)).rows as T[];
      },
      listen: async (channel, onMessage) => {
        // One connection of its own. When it is lost (the server restarted, a failover moved the primary), it
        // reconnects after a pause and listens again; events sent meanwhile are missed (they are hints, not data).
        let stopped = false;
        let client: pg.Client | null = null;
        let retry: NodeJS.Timeout | null = null;
        const start = async (first: boolean): Promise<void> => {
          const c = newClient();
          client = c;
          let lost = false;
          const onLost = () => {
            if (lost || stopped) return;
            lost = true;
            void c.end().catch(() => {});
            retry = setTimeout(() => { if (!stopped) void start(false).catch(() => {}); }, 1000);
            retry.unref();
          };
          c.on('error', onLost);
          c.on('end', onLost);
          c.on('notification', (n) => { if (n.channel === channel && n.payload !== undefined) onMessage(n.payload); });
          try {
            await c.connect();
            await c.query(`listen "${channel.replace(/"/g, '')}"`);
          } catch (err) {
            // The first attempt reports its failure to the caller (nothing keeps running); a reconnection tries again.
            if (first) {
              stopped = true;
              if (retry) clearTimeout(retry);
              void c.end().catch(() => {});
            } else {
              onLost();
            }
            throw err;
          }
        };
        await start(true);
        return async () => {
          stopped = true;
          if (retry) clearTimeout(retry);
          await client?.end().catch(() => {});
        };
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
    query: async <T>(text: string, params: unknown[] = []) => {
      logger?.logQuery(text, params);
      return (await client.query<T>(text, params)).rows;
    },
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => { await stop().catch(() => {}); };
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
  };
}

