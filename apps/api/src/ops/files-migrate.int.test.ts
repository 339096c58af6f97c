import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runFilesMigrate } from '../cli/files-migrate.js';
import { CallerCache } from '../lib/caller-cache.js';
import { fileUrl } from '../lib/file-links.js';
import { TokenService } from '../lib/tokens.js';
import { contextWithOrg, linkSessionOf, type TestContext, type TestOrg } from '../test/harness.js';
import { migrateFilesToDatabase } from './files-migrate.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
/** A document over two chunks, so the move writes several rows. */
const BIG = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300 * 1024, 5)]);

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
});
afterAll(() => ctx.close());

/** A file as servers stored it before files moved into the database: a row naming a path under DATA_DIR/uploads. */
async function onDisk(data: Buffer | null, mime: string) {
  const id = randomUUID();
  const dir = path.join(ctx.config.dataDir, 'uploads', org.companyId);
  mkdirSync(dir, { recursive: true });
  if (data) writeFileSync(path.join(dir, id), data);
  await ctx.database.query(
    `insert into files (company_id, id, original_name, mime_type, size_bytes, storage_path) values ($1, $2, 'old', $3, $4, $5)`,
    [org.companyId, id, mime, data?.length ?? 10, `${org.companyId}/${id}`],
  );
  return id;
}

const download = (fileId: string) => {
  const deps = { config: ctx.config, database: ctx.database, db: ctx.database.db, tokens: new TokenService(ctx.config.jwtSecret, 900), callers: new CallerCache(0) };
  return ctx.app.inject({ method: 'GET', url: fileUrl(deps, org.companyId, fileId, { session: linkSessionOf(org.token) }) });
};
const diskPath = (id: string) => path.join(ctx.config.dataDir, 'uploads', org.companyId, id);
const chunkCount = async (id: string) => (await ctx.database.query<{ n: number }>('select count(*)::int as n from file_chunks where file_id = $1', [id]))[0]!.n;

describe('npm run files:migrate', () => {
  it('moves files from disk into the database, keeps them downloadable, and can be run again (stopped half-way or after a full run)', async () => {
    const photo = await onDisk(PNG, 'image/png');
    const report = await onDisk(BIG, 'application/pdf');
    const gone = await onDisk(null, 'application/pdf');
    // A run stopped half-way through this file: one stray chunk, the row still naming the disk.
    const interrupted = await onDisk(PNG, 'image/png');
    await ctx.database.query(`insert into file_chunks (company_id, file_id, seq, data) values ($1, $2, 0, '\\x00'::bytea)`, [org.companyId, interrupted]);
    // A run stopped after a commit, before removing the disk copy.
    const committed = await onDisk(PNG, 'image/png');
    // Before the move, servers serve it from disk.
    expect((await download(photo)).rawPayload.equals(PNG)).toBe(true);
    expect(await migrateFilesToDatabase(ctx.database, ctx.config.dataDir)).toMatchObject({ moved: 4, missing: 1, leftoversRemoved: 0 });
    expect(await chunkCount(interrupted)).toBe(1);
    writeFileSync(diskPath(committed), PNG);

    // Run again (the command, on PostgreSQL; the embedded test database lives in memory, not in DATA_DIR).
    if (ctx.databaseUrl) {
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        expect(await runFilesMigrate(['--quiet'], { ...process.env, DATA_DIR: ctx.config.dataDir, DATABASE_URL: ctx.databaseUrl })).toBe(0);
        expect(log.mock.calls.at(-1)![0]).toMatch(/moved into the database: 0; already there: \d+; missing on disk \(left as they were\): 1; leftover disk copies removed: 1\./);
      } finally {
        log.mockRestore();
      }
    } else {
      expect(await migrateFilesToDatabase(ctx.database, ctx.config.dataDir)).toMatchObject({ moved: 0, missing: 1, leftoversRemoved: 1 });
    }
    for (const [id, data] of [[photo, PNG], [report, BIG], [interrupted, PNG], [committed, PNG]] as const) {
      expect(existsSync(diskPath(id)), id).toBe(false);
      const res = await download(id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
    }
    expect(await chunkCount(report)).toBe(2);
    expect((await download(gone)).statusCode).toBe(404);

    // Once more: nothing left to do.
    expect(await migrateFilesToDatabase(ctx.database, ctx.config.dataDir)).toMatchObject({ moved: 0, missing: 1, leftoversRemoved: 0 });
  });
});
