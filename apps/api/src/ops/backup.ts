import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database } from '../db/client.js';

/**
 * Logical backups that work the same on the embedded database and on a PostgreSQL server:
 * a gzip'd file of JSON lines: a header, then every row of every table (in chunks), then every uploaded file.
 * Restore loads them into a freshly migrated database in foreign-key order.
 */
export const BACKUP_FORMAT = 'clinic-backup/1';
const CHUNK = 2000;

interface Header { format: string; createdAt: string; migrations: number; tables: string[] }
type Line =
  | ({ kind: 'header' } & Header)
  | { kind: 'rows'; table: string; rows: unknown[] }
  | { kind: 'file'; path: string; data: string }
  | { kind: 'end'; rowCounts: Record<string, number>; files: number };

/** Tenant data tables, parents before children (foreign-key order). */
export async function tablesInDependencyOrder(db: Database): Promise<string[]> {
  const tables = (await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )).map((t) => t.name);
  const edges = await db.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string, stack: Set<string>) => {
    if (seen.has(t) || stack.has(t)) return;
    stack.add(t);
    for (const e of edges) if (e.child === t && e.parent !== t) visit(e.parent, stack);
    stack.delete(t);
    seen.add(t);
    order.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return order;
}

async function primaryKeyColumns(db: Database, table: string): Promise<string[]> {
  const rows = await db.query<{ col: string }>(
    `select a.attname as col from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
    [table],
  );
  return rows.map((r) => r.col);
}

async function migrationCount(db: Database): Promise<number> {
  const rows = await db.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
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

export async function backup(db: Database, dataDir: string, outFile: string): Promise<{ rowCounts: Record<string, number>; files: number }> {
  const tables = await tablesInDependencyOrder(db);
  const uploads = path.join(dataDir, 'uploads');
  const rowCounts: Record<string, number> = {};
  let fileCount = 0;
  async function* lines(): AsyncGenerator<string> {
    yield JSON.stringify({ kind: 'header', format: BACKUP_FORMAT, createdAt: new Date().toISOString(), migrations: await migrationCount(db), tables } satisfies Line) + '\n';
    for (const table of tables) {
      const pk = await primaryKeyColumns(db, table);
      const order = pk.length ? pk.map((c) => `"${c}"`).join(', ') : 'ctid';
      rowCounts[table] = 0;
      for (let offset = 0; ; offset += CHUNK) {
        const rows = await db.query<{ r: unknown }>(`select to_jsonb(t) as r from "${table}" t order by ${order} limit ${CHUNK} offset ${offset}`);
        if (rows.length === 0) break;
        rowCounts[table] += rows.length;
        yield JSON.stringify({ kind: 'rows', table, rows: rows.map((x) => x.r) } satisfies Line) + '\n';
        if (rows.length < CHUNK) break;
      }
    }
    for await (const file of walk(uploads)) {
      const rel = path.relative(uploads, file);
      if (rel.startsWith('tmp' + path.sep)) continue;
      fileCount += 1;
      yield JSON.stringify({ kind: 'file', path: rel.split(path.sep).join('/'), data: (await readFile(file)).toString('base64') } satisfies Line) + '\n';
    }
    yield JSON.stringify({ kind: 'end', rowCounts, files: fileCount } satisfies Line) + '\n';
  }
  await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  const tmp = `${outFile}.partial`;
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(tmp));
  const { rename } = await import('node:fs/promises');
  await rename(tmp, outFile);
  return { rowCounts, files: fileCount };
}

/** Empties every table (for restoring over an existing database). */
export async function wipe(db: Database, dataDir: string): Promise<void> {
  const tables = await tablesInDependencyOrder(db);
  await db.query(`truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`);
  await rm(path.join(dataDir, 'uploads'), { recursive: true, force: true });
}

export async function restore(db: Database, dataDir: string, inFile: string, opts: { force?: boolean } = {}) {
  await stat(inFile);
  const tables = await tablesInDependencyOrder(db);
  const counts = await Promise.all(tables.map(async (t) => Number((await db.query<{ n: number }>(`select count(*)::int as n from "${t}"`))[0]?.n ?? 0)));
  if (counts.some((n) => n > 0)) {
    if (!opts.force) throw new Error('The target database is not empty. Pass --force to replace its contents.');
    await wipe(db, dataDir);
  }
  const uploads = path.join(dataDir, 'uploads');
  const rl = createInterface({ input: createReadStream(inFile).pipe(createGunzip()), crlfDelay: Infinity });
  let header: Header | undefined;
  let end: Extract<Line, { kind: 'end' }> | undefined;
  const restored: Record<string, number> = {};
  // Append-only guard on the audit log does not apply to inserts; triggers stay on.
  for await (const text of rl) {
    if (!text.trim()) continue;
    const line = JSON.parse(text) as Line;
    if (line.kind === 'header') {
      if (line.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${line.format}`);
      const current = await migrationCount(db);
      if (line.migrations > current) throw new Error(`The backup comes from a newer version (${line.migrations} migrations, this one has ${current}).`);
      header = line;
    } else if (line.kind === 'rows') {
      if (!header) throw new Error('Backup has no header');
      if (!tables.includes(line.table)) throw new Error(`Unknown table ${line.table}`);
      await db.query(`insert into "${line.table}" select * from jsonb_populate_recordset(null::"${line.table}", $1::jsonb)`, [JSON.stringify(line.rows)]);
      restored[line.table] = (restored[line.table] ?? 0) + line.rows.length;
    } else if (line.kind === 'file') {
      const target = path.resolve(uploads, line.path);
      if (!target.startsWith(path.resolve(uploads) + path.sep)) throw new Error(`Unsafe path in backup: ${line.path}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, Buffer.from(line.data, 'base64'));
    } else if (line.kind === 'end') {
      end = line;
    }
  }
  if (!end) throw new Error('The backup is incomplete (no end marker).');
  for (const [table, n] of Object.entries(end.rowCounts)) {
    if ((restored[table] ?? 0) !== n) throw new Error(`Table ${table}: expected ${n} rows, restored ${restored[table] ?? 0}.`);
  }
  // Serial columns continue after the restored rows.
  const serials = await db.query<{ tbl: string; col: string; seq: string }>(
    `select c.table_name as tbl, c.column_name as col, pg_get_serial_sequence('"' || c.table_name || '"', c.column_name) as seq
       from information_schema.columns c where c.table_schema = 'public' and c.column_default like 'nextval(%'`,
  );
  for (const s of serials) {
    if (s.seq) await db.query(`select setval('${s.seq}', coalesce((select max("${s.col}") from "${s.tbl}"), 0) + 1, false)`);
  }
  return { rowCounts: end.rowCounts, files: end.files };
}

/** A checksum per table, for comparing two databases. */
export async function tableChecksums(db: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await tablesInDependencyOrder(db)) {
    const pk = await primaryKeyColumns(db, table);
    const order = pk.length ? pk.map((c) => `"${c}"`).join(', ') : 'to_jsonb(t)::text';
    const [row] = await db.query<{ sum: string | null; n: number }>(
      `select md5(coalesce(string_agg(to_jsonb(t)::text, '|' order by ${order}), '')) as sum, count(*)::int as n from "${table}" t`,
    );
    out[table] = `${row?.n ?? 0}:${row?.sum ?? ''}`;
  }
  return out;
}
