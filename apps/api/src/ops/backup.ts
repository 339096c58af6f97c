import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pipeline as pipelineCallback } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import { holdForTest } from '../lib/lease.js';

/**
 * Logical backups that work the same on the embedded database and on a PostgreSQL server: a gzip'd file of JSON
 * lines: a header, then every row of every table (in chunks, parents before children), then every uploaded file, then
 * an end record with the row counts, the file count and the SHA-256 of every line before it.
 *
 * A backup reads every table in one REPEATABLE READ, READ ONLY transaction: one snapshot, consistent under
 * concurrent writes on PostgreSQL.
 *
 * A restore first reads the whole file and checks it (gzip intact, every line well formed, known format, migrations
 * and tables, counts and checksum as the end record says, safe file paths) before it changes anything. Then, in ONE
 * database transaction, it empties every table, inserts the rows (only the columns the database lets one write:
 * generated columns are computed again) and moves the sequences past them, while it writes the files to a staging
 * folder beside the uploads. Only after the commit is the staging folder swapped in for the uploads, by renames.
 * A failure before the commit changes nothing, in the database or in the uploads; a crash between the commit and
 * the swap is finished by the next restore, backup or start of the embedded server (finishInterruptedRestore).
 */
export const BACKUP_FORMAT = 'clinic-backup/2';
/** The first format: the same lines, without the checksum in the end record. Still read. */
const FORMAT_WITHOUT_CHECKSUM = 'clinic-backup/1';
const CHUNK = 2000;

/**
 * Tables of binary content (uploaded files, FHIR export output) in 256 KiB chunks, written as hex text: a few rows a
 * line, so no line (and no statement of a restore) holds more than a few megabytes.
 */
const BLOB_TABLES = new Set(['file_chunks', 'fhir_export_chunks']);
const BLOB_CHUNK = 4;

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
const DERIVED_TABLES = ['sign_in_names'];

/**
 * Row triggers that judge a row by the rows written before it (a cash box never below zero): a backup's rows were valid
 * when they were written, but they come back in key order, not in the order the money moved, so these are switched off
 * inside the restoring transaction only (the switch is rolled back with it, or switched on again before it commits).
 */
const ORDER_DEPENDENT_TRIGGERS: ReadonlyArray<readonly [table: string, trigger: string]> = [['cash_box_transactions', 'cash_box_never_negative']];

/** Tables the server fills by itself at every start; their rows alone do not make a database "populated". */
const CATALOGUE_TABLES = new Set(['permissions']);

/** Folders and files beside the uploads while a restore runs (all inside DATA_DIR). */
export const RESTORE_STAGING = 'uploads.restoring';
export const RESTORE_REPLACED = 'uploads.replaced';
export const RESTORE_MARKER = 'restore-pending.json';

/** A refusal or failure an operator can act on; the message says what and where. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

interface Header { format: string; createdAt: string; migrations: number; tables: string[] }
interface EndRecord { kind: 'end'; rowCounts: Record<string, number>; files: number; sha256?: string }
type Line =
  | ({ kind: 'header' } & Header)
  | { kind: 'rows'; table: string; rows: Array<Record<string, unknown>> }
  | { kind: 'file'; path: string; data: string }
  | EndRecord;

type Runner = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * Runs raw SQL with $n parameters inside a Drizzle transaction (on both drivers). A failure keeps only the database's
 * own message: Drizzle's would repeat the statement and its parameters, which hold the rows (patient data).
 */
function inTransaction(tx: Db): Runner {
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

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Column { name: string; insertable: boolean; notNull: boolean; sequence: string | null }
interface TableInfo { name: string; columns: Map<string, Column>; primaryKey: string[]; identityAlways: boolean }
interface ForeignKey { child: string; parent: string; columns: string[] }
interface SchemaInfo { tables: Map<string, TableInfo>; order: string[]; foreignKeys: ForeignKey[] }

/** Tables, columns, keys and sequences of the public schema, from the catalogue. */
async function readSchema(run: Runner): Promise<SchemaInfo> {
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

async function migrationCount(run: Runner): Promise<number> {
  const rows = await run<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rows[0]?.n ?? 0);
}

async function* walk(dir: string): AsyncGenerator<string> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Uploaded files under DATA_DIR/uploads, as relative '/'-separated paths (the temporary folder left out). */
async function* uploadedFiles(uploads: string): AsyncGenerator<{ full: string; rel: string }> {
  for await (const full of walk(uploads)) {
    const rel = path.relative(uploads, full).split(path.sep).join('/');
    if (rel.startsWith('tmp/')) continue;
    yield { full, rel };
  }
}

async function fsyncPath(p: string): Promise<void> {
  const handle = await open(p, 'r');
  try { await handle.sync(); } finally { await handle.close(); }
}

/** Writes a backup of the database and the uploads to outFile (first as outFile.partial, renamed when complete). */
export async function backup(database: Database, dataDir: string, outFile: string): Promise<{ rowCounts: Record<string, number>; files: number }> {
  const schema = await readSchema(database.query);
  const uploads = path.join(dataDir, 'uploads');
  await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  const tmp = `${outFile}.partial`;
  try {
    const result = await database.db.transaction(async (tx) => {
      const run = inTransaction(tx);
      const migrations = await migrationCount(run);
      const rowCounts: Record<string, number> = {};
      let files = 0;
      const hash = createHash('sha256');
      const line = (text: string) => {
        hash.update(text + '\n');
        return text + '\n';
      };
      async function* lines(): AsyncGenerator<string> {
        yield line(JSON.stringify({ kind: 'header', format: BACKUP_FORMAT, createdAt: new Date().toISOString(), migrations, tables: schema.order } satisfies Line));
        for (const table of schema.order) {
          const pk = schema.tables.get(table)!.primaryKey;
          const order = pk.length ? pk.map(ident).join(', ') : 't::text';
          rowCounts[table] = 0;
          await run(`declare clinic_backup no scroll cursor for select to_jsonb(t)::text as r from ${ident(table)} t order by ${order}`);
          for (;;) {
            const rows = await run<{ r: string }>(`fetch forward ${BLOB_TABLES.has(table) ? BLOB_CHUNK : CHUNK} from clinic_backup`);
            if (rows.length === 0) break;
            rowCounts[table] += rows.length;
            // The rows exactly as PostgreSQL wrote them (numbers keep every digit).
            yield line(`{"kind":"rows","table":${JSON.stringify(table)},"rows":[${rows.map((x) => x.r).join(',')}]}`);
          }
          await run(`close clinic_backup`);
        }
        for await (const file of uploadedFiles(uploads)) {
          files += 1;
          yield line(JSON.stringify({ kind: 'file', path: file.rel, data: (await readFile(file.full)).toString('base64') } satisfies Line));
        }
        yield JSON.stringify({ kind: 'end', rowCounts, files, sha256: hash.digest('hex') } satisfies Line) + '\n';
      }
      await pipeline(Readable.from(lines()), createGzip(), createWriteStream(tmp));
      return { rowCounts, files };
    }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    await fsyncPath(tmp);
    await rename(tmp, outFile);
    await fsyncPath(path.dirname(path.resolve(outFile))).catch(() => undefined);
    return result;
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** The lines of a gzip'd backup as raw bytes (each with its newline); a damaged gzip stream throws. */
async function* backupLines(file: string): AsyncGenerator<Buffer> {
  const gunzip = createGunzip();
  // Errors of either stream reach the loop below through the gunzip stream.
  pipelineCallback(createReadStream(file), gunzip, () => undefined);
  let pending: Buffer[] = [];
  for await (const chunk of gunzip as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, nl + 1));
      yield Buffer.concat(pending);
      pending = [];
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length) yield Buffer.concat(pending);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A file path from a backup is only used if it stays inside the uploads folder: relative, no '..', no oddities. */
function safeRelativePath(p: unknown): p is string {
  if (typeof p !== 'string' || p.length === 0 || p.length > 1024) return false;
  if (p.startsWith('/') || p.includes('\\') || /^[A-Za-z]:/.test(p)) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(p)) return false;
  const segments = p.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return false;
  return segments[0] !== 'tmp';
}

interface VerifiedBackup {
  header: Header;
  rowCounts: Record<string, number>;
  files: number;
  /** SHA-256 of the lines before the end record, as read. */
  sha256: string;
}

/** Where restoring the lines reads them: the parsed line and its raw text. */
interface ParsedLine { n: number; line: Line; text: string; bytes: Buffer }

/** Reads the whole backup and checks every line; throws BackupError at the first problem. Changes nothing. */
async function* checkedLines(
  file: string, schema: SchemaInfo, migrations: number,
): AsyncGenerator<ParsedLine, VerifiedBackup> {
  const hash = createHash('sha256');
  let header: Header | undefined;
  let end: EndRecord | undefined;
  const counts: Record<string, number> = {};
  const filePaths = new Set<string>();
  let lastTable = -1;
  let n = 0;
  try {
    for await (const bytes of backupLines(file)) {
      n += 1;
      const fail = (why: string): never => { throw new BackupError(`The backup is damaged or not a Clinic backup (line ${n}): ${why}.`); };
      if (end) fail('data after the end record');
      if (bytes[bytes.length - 1] !== 10) fail('the file ends in the middle of a line');
      let text: string;
      try {
        text = utf8.decode(bytes.subarray(0, bytes.length - 1));
      } catch {
        return fail('not UTF-8 text');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return fail('not valid JSON');
      }
      if (!isObject(parsed)) return fail('not a JSON object');
      const line = parsed as Line;
      if (n === 1 && line.kind !== 'header') fail('no header');
      if (line.kind === 'header') {
        if (n !== 1) fail('a second header');
        if (line.format !== BACKUP_FORMAT && line.format !== FORMAT_WITHOUT_CHECKSUM) {
          throw new BackupError(`Unknown backup format ${JSON.stringify(line.format)}: this version reads ${BACKUP_FORMAT}.`);
        }
        if (!Number.isInteger(line.migrations) || line.migrations < 1) fail('no migration count in the header');
        if (line.migrations > migrations) {
          throw new BackupError(`The backup comes from a newer version (${line.migrations} migrations, this one has ${migrations}). Restore it with that version or newer.`);
        }
        if (!Array.isArray(line.tables) || line.tables.some((t) => typeof t !== 'string')) fail('no table list in the header');
        for (const t of line.tables) if (!schema.tables.has(t)) throw new BackupError(`The backup holds a table this version does not know: ${t}.`);
        if (new Set(line.tables).size !== line.tables.length) fail('a table listed twice');
        header = line;
      } else if (line.kind === 'rows') {
        const index = header!.tables.indexOf(line.table);
        if (typeof line.table !== 'string' || index === -1) fail(`rows of an unknown table ${JSON.stringify(line.table)}`);
        if (index < lastTable || (index > lastTable && counts[line.table] !== undefined)) fail('tables out of order');
        if (!Array.isArray(line.rows) || line.rows.length === 0 || !line.rows.every(isObject)) fail('a malformed row');
        lastTable = index;
        counts[line.table] = (counts[line.table] ?? 0) + line.rows.length;
      } else if (line.kind === 'file') {
        if (!safeRelativePath(line.path)) fail(`an unsafe file path ${JSON.stringify(String(line.path).slice(0, 200))}`);
        if (filePaths.has(line.path)) fail(`the file ${line.path} twice`);
        if (typeof line.data !== 'string' || line.data.length % 4 !== 0 || !BASE64.test(line.data)) fail(`the file ${line.path} is not valid base64`);
        filePaths.add(line.path);
      } else if (line.kind === 'end') {
        end = line;
        continue;
      } else {
        fail('an unknown kind of line');
      }
      hash.update(bytes);
      yield { n, line, text, bytes };
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`No such backup file: ${file}.`);
    if (code?.startsWith('Z_')) throw new BackupError(`The backup is damaged (the gzip stream is broken or cut short after line ${n}): ${(err as Error).message}.`);
    throw err;
  }
  if (!header) throw new BackupError('The backup is empty.');
  if (!end) throw new BackupError('The backup is incomplete (no end record): it was cut short.');
  const sha256 = hash.digest('hex');
  if (header.format === BACKUP_FORMAT || end.sha256 !== undefined) {
    if (end.sha256 !== sha256) throw new BackupError('The backup is damaged: its content does not match the checksum in its end record.');
  }
  if (!isObject(end.rowCounts) || !Number.isInteger(end.files)) throw new BackupError('The backup is damaged: the end record has no counts.');
  const expected = Object.entries(end.rowCounts);
  for (const [table, count] of expected) {
    if (!header.tables.includes(table)) throw new BackupError(`The backup is damaged: the end record counts an unlisted table ${table}.`);
    if ((counts[table] ?? 0) !== count) {
      throw new BackupError(`The backup is damaged: table ${table} should have ${String(count)} rows, the file holds ${counts[table] ?? 0}.`);
    }
  }
  for (const [table, count] of Object.entries(counts)) {
    if (end.rowCounts[table] === undefined) throw new BackupError(`The backup is damaged: the end record does not count table ${table} (${count} rows).`);
  }
  if (end.files !== filePaths.size) throw new BackupError(`The backup is damaged: it should hold ${end.files} files, it holds ${filePaths.size}.`);
  return { header, rowCounts: end.rowCounts, files: end.files, sha256 };
}

/** Reads and checks the whole backup file without changing anything. */
export async function verifyBackup(database: Database, inFile: string): Promise<VerifiedBackup> {
  const schema = await readSchema(database.query);
  return drain(checkedLines(inFile, schema, await migrationCount(database.query)));
}

async function drain<T, R>(gen: AsyncGenerator<T, R>): Promise<R> {
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
  }
}

/** A column of a row that must wait for rows later in the file (a foreign-key cycle), set after all inserts. */
interface Deferred { columns: string[]; rows: Array<Record<string, unknown>> }

/**
 * Which foreign-key columns point at a table whose rows come later in the backup (or at the same table): those are
 * inserted empty and set once every row is in.
 */
function deferredColumns(schema: SchemaInfo, tables: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const fk of schema.foreignKeys) {
    const child = tables.indexOf(fk.child);
    const parent = tables.indexOf(fk.parent);
    if (child === -1 || parent === -1 || parent < child) continue;
    const info = schema.tables.get(fk.child)!;
    const nullable = fk.columns.filter((c) => !info.columns.get(c)?.notNull);
    if (nullable.length === 0) {
      throw new BackupError(`Cannot restore: table ${fk.child} refers to ${fk.parent}, which comes after it in the backup, through columns that cannot be empty.`);
    }
    if (info.primaryKey.length === 0) throw new BackupError(`Cannot restore: table ${fk.child} refers to a later table and has no primary key.`);
    out.set(fk.child, [...new Set([...(out.get(fk.child) ?? []), ...nullable])]);
  }
  return out;
}

interface Marker { xid: string; database: string; startedAt: string; file: string }

async function readMarker(dataDir: string): Promise<Marker | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, RESTORE_MARKER), 'utf8')) as Marker;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new BackupError(`${path.join(dataDir, RESTORE_MARKER)} is unreadable: ${(err as Error).message}. See "Backup and restore" in docs/operations.md.`);
  }
}

async function databaseName(run: Runner): Promise<string> {
  const [row] = await run<{ name: string }>(`select current_database() as name`);
  return row?.name ?? '';
}

/** 'committed', 'aborted', 'in progress', or null when PostgreSQL no longer knows (or never knew) the transaction. */
async function transactionStatus(database: Database, marker: Marker): Promise<string | null> {
  if (marker.database !== `${database.kind}:${await databaseName(database.query)}`) return null;
  try {
    const [row] = await database.query<{ s: string | null }>(`select txid_status($1::bigint) as s`, [marker.xid]);
    return row?.s ?? null;
  } catch {
    // An id the database has not reached: the transaction never got to the disk (the embedded database's process was
    // killed before the commit, and a commit is always on disk), so it did not commit.
    const [row] = await database.query<{ next: string }>(`select txid_snapshot_xmax(txid_current_snapshot())::text as next`).catch(() => []);
    return row && /^\d+$/.test(marker.xid) && BigInt(marker.xid) >= BigInt(row.next) ? 'aborted' : null;
  }
}

/**
 * A restore still "in progress" in PostgreSQL while its caller holds the data folder's lock (so the restoring
 * process is gone): PostgreSQL has not yet noticed that its client died. Its session is ended (it rolls back) and the
 * outcome waited for, a bounded while, instead of leaving the next restore, backup or start refused.
 */
async function endOrphanedRestore(database: Database, marker: Marker): Promise<string | null> {
  await database.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where backend_xid::text = ($1::bigint % 4294967296)::text and pid <> pg_backend_pid()`,
    [marker.xid],
  ).catch(() => undefined);
  let status = await transactionStatus(database, marker);
  for (let i = 0; i < 100 && status === 'in progress'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = await transactionStatus(database, marker);
  }
  return status;
}

/** Puts the staged uploads in place of the live ones: the old ones aside, the staged ones in, the old ones removed. */
async function swapUploads(dataDir: string): Promise<void> {
  const uploads = path.join(dataDir, 'uploads');
  const staging = path.join(dataDir, RESTORE_STAGING);
  const replaced = path.join(dataDir, RESTORE_REPLACED);
  if (existsSync(staging)) {
    if (existsSync(uploads)) {
      await rm(replaced, { recursive: true, force: true });
      await rename(uploads, replaced);
    }
    await rename(staging, uploads);
    await fsyncPath(dataDir).catch(() => undefined);
  }
  await rm(replaced, { recursive: true, force: true });
  await rm(path.join(dataDir, RESTORE_MARKER), { force: true });
}

/**
 * Brings a restore that stopped between its database commit and the swap of the uploads (a crash, a power cut) to
 * its end: if its transaction committed, the staged uploads are swapped in; if it did not, they are removed. Without
 * a pending restore, leftovers of a failed one are removed. Returns what it did.
 */
export async function finishInterruptedRestore(database: Database, dataDir: string): Promise<'none' | 'completed' | 'discarded'> {
  const marker = await readMarker(dataDir);
  if (!marker) {
    await rm(path.join(dataDir, RESTORE_STAGING), { recursive: true, force: true });
    await rm(path.join(dataDir, RESTORE_REPLACED), { recursive: true, force: true });
    return 'none';
  }
  let status = await transactionStatus(database, marker);
  if (status === 'in progress') status = await endOrphanedRestore(database, marker);
  if (status === 'committed') {
    await swapUploads(dataDir);
    return 'completed';
  }
  if (status === 'aborted') {
    await rm(path.join(dataDir, RESTORE_STAGING), { recursive: true, force: true });
    await rm(path.join(dataDir, RESTORE_MARKER), { force: true });
    return 'discarded';
  }
  throw new BackupError(
    `A restore of ${marker.file} (started ${marker.startedAt}) was interrupted and this database cannot tell whether it was committed ` +
      `(${status ?? 'unknown transaction'}). If the database holds the restored data, move ${RESTORE_STAGING} to uploads in ${dataDir}; ` +
      `otherwise delete ${RESTORE_STAGING}. Then delete ${path.join(dataDir, RESTORE_MARKER)}.`,
  );
}

async function writeDurably(file: string, data: Buffer | string): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface RestoreOptions {
  /** Replace a database (and uploads) that already hold data. */
  force?: boolean;
  /** Tests only: stop right after the commit, as a crash there would, leaving the swap of the uploads undone. */
  interruptAfterCommit?: boolean;
  /** Tests of crashes only (TEST_HOLD): `restore` stops for good just before the commit, the marker written. */
  testHold?: string[];
}

/**
 * Restores a backup into the database and DATA_DIR/uploads: checks the whole file first, then replaces everything
 * in one transaction, then swaps the uploads in. On any failure before the commit nothing has changed.
 */
export async function restore(database: Database, dataDir: string, inFile: string, opts: RestoreOptions = {}): Promise<{ rowCounts: Record<string, number>; files: number }> {
  await finishInterruptedRestore(database, dataDir);
  const schema = await readSchema(database.query);
  const migrations = await migrationCount(database.query);
  const verified = await drain(checkedLines(inFile, schema, migrations));
  const deferred = deferredColumns(schema, verified.header.tables);
  const dbName = `${database.kind}:${await databaseName(database.query)}`;

  const uploads = path.join(dataDir, 'uploads');
  const staging = path.join(dataDir, RESTORE_STAGING);
  const markerFile = path.join(dataDir, RESTORE_MARKER);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  let xid = '';
  let markerWritten = false;
  try {
    await database.db.transaction(async (tx) => {
      const run = inTransaction(tx);
      xid = (await run<{ xid: string }>(`select txid_current()::text as xid`))[0]?.xid ?? '';
      if (!opts.force) {
        for (const table of schema.order) {
          if (CATALOGUE_TABLES.has(table)) continue;
          const [row] = await run<{ any: boolean }>(`select exists (select 1 from ${ident(table)}) as any`);
          if (row?.any) throw new BackupError(`The target database is not empty (table ${table} has rows). Pass --force to replace its contents.`);
        }
        for await (const file of uploadedFiles(uploads)) {
          throw new BackupError(`The uploads folder is not empty (${file.rel}). Pass --force to replace its contents.`);
        }
      }
      // TRUNCATE fires no row triggers (the audit log's append-only guard refuses UPDATE and DELETE only), and with
      // RESTART IDENTITY the sequences are reset inside this transaction: a rollback restores them too.
      const derived = DERIVED_TABLES.filter((t) => schema.tables.has(t));
      await run(`truncate ${[...schema.order, ...derived].map(ident).join(', ')} restart identity`);

      const switched = ORDER_DEPENDENT_TRIGGERS.filter(([table]) => schema.tables.has(table));
      for (const [table, trigger] of switched) await run(`alter table ${ident(table)} disable trigger ${ident(trigger)}`);

      const pending = new Map<string, Deferred>();
      const restored: Record<string, number> = {};
      const lines = checkedLines(inFile, schema, migrations);
      try {
        for (;;) {
          const step = await lines.next();
          if (step.done) {
            if (step.value.sha256 !== verified.sha256) throw new BackupError('The backup file changed while it was being restored.');
            break;
          }
          const { line, text } = step.value;
          if (line.kind === 'rows') {
            const info = schema.tables.get(line.table)!;
            const present = new Set<string>();
            for (const row of line.rows) for (const key of Object.keys(row)) present.add(key);
            const later = deferred.get(line.table) ?? [];
            // Generated columns are left out (the database computes them); columns missing from an older backup take
            // their defaults.
            const cols = [...info.columns.values()].filter((c) => c.insertable && present.has(c.name)).map((c) => c.name);
            const values = cols.map((c) => (later.includes(c) ? 'null' : `r.${ident(c)}`));
            const prefix = `{"kind":"rows","table":${JSON.stringify(line.table)},"rows":`;
            const rowsJson = text.startsWith(prefix) && text.endsWith('}') ? text.slice(prefix.length, -1) : JSON.stringify(line.rows);
            await run(
              `insert into ${ident(line.table)} (${cols.map(ident).join(', ')})${info.identityAlways ? ' overriding system value' : ''}
               select ${values.join(', ')} from jsonb_populate_recordset(null::${ident(line.table)}, $1::jsonb) r`,
              [rowsJson],
            ).catch((err: Error) => {
              throw new BackupError(`Restoring table ${line.table} failed (line ${step.value.n}): ${err.message}. Nothing was changed.`);
            });
            restored[line.table] = (restored[line.table] ?? 0) + line.rows.length;
            const setLater = later.filter((c) => present.has(c));
            if (setLater.length) {
              const d = pending.get(line.table) ?? { columns: setLater, rows: [] };
              pending.set(line.table, d);
              for (const row of line.rows) {
                if (setLater.some((c) => row[c] !== null && row[c] !== undefined)) {
                  d.rows.push(Object.fromEntries([...info.primaryKey, ...d.columns].map((c) => [c, row[c] ?? null])));
                }
              }
            }
          } else if (line.kind === 'file') {
            const target = path.join(staging, ...line.path.split('/'));
            await mkdir(path.dirname(target), { recursive: true });
            await writeDurably(target, Buffer.from(line.data, 'base64'));
          }
        }
      } finally {
        await lines.return(verified); // closes the file when a statement failed half-way
      }
      for (const [table, d] of pending) {
        const info = schema.tables.get(table)!;
        for (let i = 0; i < d.rows.length; i += CHUNK) {
          await run(
            `update ${ident(table)} t set ${d.columns.map((c) => `${ident(c)} = r.${ident(c)}`).join(', ')}
               from jsonb_populate_recordset(null::${ident(table)}, $1::jsonb) r
              where ${info.primaryKey.map((c) => `t.${ident(c)} = r.${ident(c)}`).join(' and ')}`,
            [JSON.stringify(d.rows.slice(i, i + CHUNK))],
          ).catch((err: Error) => {
            throw new BackupError(`Restoring the references of table ${table} failed: ${err.message}. Nothing was changed.`);
          });
        }
      }
      for (const [table, trigger] of switched) await run(`alter table ${ident(table)} enable trigger ${ident(trigger)}`);
      for (const [table, count] of Object.entries(verified.rowCounts)) {
        const [row] = await run<{ n: number }>(`select count(*)::int as n from ${ident(table)}`);
        if (Number(row?.n) !== count || (restored[table] ?? 0) !== count) {
          throw new BackupError(`Table ${table}: expected ${count} rows, restored ${row?.n ?? 0}.`);
        }
      }
      // Serial and identity columns continue after the restored rows (inside this transaction, see TRUNCATE above).
      for (const table of schema.order) {
        for (const col of schema.tables.get(table)!.columns.values()) {
          if (!col.sequence) continue;
          await run(`select setval($1::regclass, m, true) from (select max(${ident(col.name)}) as m from ${ident(table)}) x where m is not null`, [col.sequence]);
        }
      }
      // The staged uploads are complete and on disk. Record, just before the commit, which transaction this is: if
      // the process stops between the commit and the swap, the next run asks the database whether it committed.
      for await (const dir of directories(staging)) await fsyncPath(dir).catch(() => undefined);
      const marker: Marker = { xid, database: dbName, startedAt: new Date().toISOString(), file: path.resolve(inFile) };
      await writeFile(markerFile, JSON.stringify(marker) + '\n');
      await fsyncPath(markerFile);
      await fsyncPath(dataDir).catch(() => undefined);
      markerWritten = true;
      await holdForTest({ testHold: opts.testHold ?? [] }, 'restore');
    });
  } catch (err) {
    if (markerWritten) {
      // The commit itself failed or its answer was lost: ask the database what happened.
      const status = await transactionStatus(database, { xid, database: dbName, startedAt: '', file: inFile }).catch(() => null);
      if (status === 'committed') {
        if (!opts.interruptAfterCommit) await swapUploads(dataDir);
        return { rowCounts: verified.rowCounts, files: verified.files };
      }
      if (status !== 'aborted') throw err; // unknown: the next run decides, with the marker and the staged uploads
    }
    await rm(markerFile, { force: true });
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  if (!opts.interruptAfterCommit) await swapUploads(dataDir);
  return { rowCounts: verified.rowCounts, files: verified.files };
}

async function* directories(dir: string): AsyncGenerator<string> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* directories(path.join(dir, entry.name));
  }
  yield dir;
}

/** A checksum per table, for comparing two databases. */
export async function tableChecksums(db: Database): Promise<Record<string, string>> {
  const schema = await readSchema(db.query);
  const out: Record<string, string> = {};
  for (const table of schema.order) {
    const pk = schema.tables.get(table)!.primaryKey;
    const order = pk.length ? pk.map(ident).join(', ') : 'to_jsonb(t)::text';
    const [row] = await db.query<{ sum: string | null; n: number }>(
      `select md5(coalesce(string_agg(to_jsonb(t)::text, '|' order by ${order}), '')) as sum, count(*)::int as n from ${ident(table)} t`,
    );
    out[table] = `${row?.n ?? 0}:${row?.sum ?? ''}`;
  }
  return out;
}
