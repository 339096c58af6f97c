import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/client.js';
import { fsyncPath, uploadedFiles } from './backup-files.js';
import { BACKUP_FORMAT, BLOB_CHUNK, BLOB_TABLES, CHUNK, secretCheck, type Line } from './backup-format.js';
import { ident, inTransaction, migrationCount, readSchema } from './backup-schema.js';

/**
 * Logical backups that work the same on the embedded database and on a PostgreSQL server, in the file format of
 * backup-format.ts. A backup reads every table in one REPEATABLE READ, READ ONLY transaction: one snapshot,
 * consistent under concurrent writes on PostgreSQL. Restoring one: restore.ts.
 */
/** Writes a backup of the database and the uploads to outFile (first as outFile.partial, renamed when complete). */
export async function backup(database: Database, dataDir: string, outFile: string, opts: { secret?: string } = {}): Promise<{ rowCounts: Record<string, number>; files: number }> {
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
        yield line(JSON.stringify({
          kind: 'header', format: BACKUP_FORMAT, createdAt: new Date().toISOString(), migrations, tables: schema.order,
          ...(opts.secret ? { secretCheck: secretCheck(opts.secret) } : {}),
        } satisfies Line));
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

