import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.js';
import { holdForTest } from '../lib/lease.js';
import { directories, fsyncPath, uploadedFiles, writeDurably } from './backup-files.js';
import { BackupError, CHUNK, checkedLines, drain, type Header } from './backup-format.js';
import { DERIVED_TABLES, databaseName, ident, inTransaction, migrationCount, readSchema, type SchemaInfo } from './backup-schema.js';
import { finishInterruptedRestore, RESTORE_MARKER, RESTORE_STAGING, swapUploads, transactionStatus, type Marker } from './interrupted-restore.js';

/*
 * A restore first reads the whole file and checks it (backup-format.ts) before it changes anything. Then, in ONE
 * database transaction, it empties every table, inserts the rows (only the columns the database lets one write:
 * generated columns are computed again) and moves the sequences past them, while it writes the files to a staging
 * folder beside the uploads. Only after the commit is the staging folder swapped in for the uploads, by renames.
 * A failure before the commit changes nothing, in the database or in the uploads; a crash between the commit and
 * the swap is finished by the next restore, backup or start of the embedded server (interrupted-restore.ts).
 */

/**
 * Row triggers that judge a row by the rows written before it (a cash box never below zero; a prescription's items are
 * written only while it is a draft): a backup's rows were valid when they were written, but they come back in key
 * order, not in the order the money moved or the prescription was issued, so these are switched off inside the
 * restoring transaction only (the switch is rolled back with it, or switched on again before it commits).
 */
const ORDER_DEPENDENT_TRIGGERS: ReadonlyArray<readonly [table: string, trigger: string]> = [
  ['cash_box_transactions', 'cash_box_never_negative'],
  ['prescription_items', 'prescription_items_locked'],
];

/** Tables the server fills by itself at every start; their rows alone do not make a database "populated". */
const CATALOGUE_TABLES = new Set(['permissions']);

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
export async function restore(database: Database, dataDir: string, inFile: string, opts: RestoreOptions = {}): Promise<{ rowCounts: Record<string, number>; files: number; header: Header }> {
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
        return { rowCounts: verified.rowCounts, files: verified.files, header: verified.header };
      }
      if (status !== 'aborted') throw err; // unknown: the next run decides, with the marker and the staged uploads
    }
    await rm(markerFile, { force: true });
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  if (!opts.interruptAfterCommit) await swapUploads(dataDir);
  return { rowCounts: verified.rowCounts, files: verified.files, header: verified.header };
}

