import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNotNull, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { FILE_CHUNK_BYTES, fileChunks, files } from '../db/schema/index.js';
import { inChunks } from '../lib/files.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FilesMigrateReport {
  /** Files whose bytes were copied into the database (and then removed from disk). */
  moved: number;
  /** Files whose row names a disk file that is not there: left as they are (their downloads answer 404). */
  missing: number;
  /** Disk copies of files already in the database (a run stopped between a commit and the removal), removed. */
  leftoversRemoved: number;
  /** Files already in the database before this run. */
  alreadyInDatabase: number;
}

/** Reads a file in exact FILE_CHUNK_BYTES pieces (the last one shorter), as uploads are stored. */
const fileChunksOf = (file: string) => inChunks(createReadStream(file, { highWaterMark: FILE_CHUNK_BYTES }) as AsyncIterable<Buffer>, FILE_CHUNK_BYTES);

/**
 * Moves uploaded files from DATA_DIR/uploads into the database (`npm run files:migrate`). Each file moves in one
 * transaction: its chunks are written (any left by an interrupted run replaced) and its `storage_path` cleared; only
 * after the commit is its disk copy removed. So the command can be stopped at any point and run again: it continues
 * with the files still on disk, and a second run after a complete one changes nothing. Servers keep serving during
 * the move: a file is read from disk until its row says it is in the database.
 */
export async function migrateFilesToDatabase(database: Database, dataDir: string, opts: { batch?: number; onProgress?: (r: FilesMigrateReport) => void } = {}): Promise<FilesMigrateReport> {
  const db = database.db;
  const uploads = path.resolve(dataDir, 'uploads');
  const batch = opts.batch ?? 100;
  const report: FilesMigrateReport = { moved: 0, missing: 0, leftoversRemoved: 0, alreadyInDatabase: 0 };
  const [already] = await database.query<{ n: number }>('select count(*)::int as n from files where storage_path is null');
  report.alreadyInDatabase = Number(already?.n ?? 0);

  let after: { companyId: string; id: string } | null = null;
  for (;;) {
    const rows: Array<{ companyId: string; id: string; storagePath: string | null }> = await db
      .select({ companyId: files.companyId, id: files.id, storagePath: files.storagePath })
      .from(files)
      .where(and(isNotNull(files.storagePath), after ? sql`(${files.companyId}, ${files.id}) > (${after.companyId}::uuid, ${after.id}::uuid)` : undefined))
      .orderBy(asc(files.companyId), asc(files.id))
      .limit(batch);
    if (!rows.length) break;
    for (const row of rows) {
      const full = path.resolve(uploads, row.storagePath!);
      const info = full.startsWith(uploads + path.sep) ? await stat(full).catch(() => null) : null;
      if (!info?.isFile()) {
        report.missing += 1;
        continue;
      }
      const moved = await db.transaction(async (tx) => {
        await tx.delete(fileChunks).where(and(eq(fileChunks.companyId, row.companyId), eq(fileChunks.fileId, row.id)));
        let seq = 0;
        let size = 0;
        for await (const chunk of fileChunksOf(full)) {
          await tx.insert(fileChunks).values({ companyId: row.companyId, fileId: row.id, seq, data: chunk });
          seq += 1;
          size += chunk.length;
        }
        // Only if no one changed the row meanwhile (a server removing the file): else the chunks go with the rollback.
        const done = await tx.update(files).set({ storagePath: null, sizeBytes: size })
          .where(and(eq(files.companyId, row.companyId), eq(files.id, row.id), eq(files.storagePath, row.storagePath!)))
          .returning({ id: files.id });
        if (!done.length) tx.rollback();
        return true;
      }).catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return false;
        throw err;
      });
      if (moved) {
        await rm(full, { force: true });
        report.moved += 1;
      }
    }
    after = rows.at(-1)!;
    opts.onProgress?.({ ...report });
  }

  // Disk copies of files the database already holds (a run stopped between its commit and the removal).
  for (const dir of await readdir(uploads, { withFileTypes: true }).catch(() => [])) {
    if (!dir.isDirectory() || !UUID.test(dir.name)) continue;
    const names = (await readdir(path.join(uploads, dir.name)).catch(() => [] as string[])).filter((n) => UUID.test(n));
    for (let i = 0; i < names.length; i += batch) {
      const slice = names.slice(i, i + batch);
      const inDatabase = await db.select({ id: files.id }).from(files)
        .where(and(eq(files.companyId, dir.name), isNull(files.storagePath), sql`${files.id} in (${sql.join(slice.map((n) => sql`${n}::uuid`), sql`, `)})`));
      for (const f of inDatabase) {
        await rm(path.join(uploads, dir.name, f.id), { force: true });
        report.leftoversRemoved += 1;
      }
    }
  }
  return report;
}
