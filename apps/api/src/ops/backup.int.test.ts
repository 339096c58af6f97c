import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../lib/app-types.js';
import { fileUrl, storeUpload } from '../lib/files.js';
import { CallerCache } from '../lib/caller-cache.js';
import { TokenService } from '../lib/tokens.js';
import { createAccount } from '../modules/organisation/provision.js';
import { createOrg, createTestContext, linkSessionOf, login, TEST_PASSWORD, type TestContext } from '../test/harness.js';
import { backup, restore, tableChecksums, wipe } from './backup.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');

let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dir = mkdtempSync(path.join(os.tmpdir(), 'clinic-backup-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('backs up, wipes, restores and finds every table and file identical', async () => {
    const org = await createOrg(ctx);
    const other = await createOrg(ctx);
    const user = await createAccount(ctx.database.db, org.companyId, org.roleIds, {
      name: 'ليلى منصور', username: 'layla', email: 'layla@example.test', password: TEST_PASSWORD, employeeType: 'Nurse', roleNames: ['Nurse'],
    });
    const layla = await login(ctx, 'layla', TEST_PASSWORD);
    const deps: Deps = { config: ctx.config, database: ctx.database, db: ctx.database.db, tokens: new TokenService(ctx.config.jwtSecret, 900), callers: new CallerCache(0) };
    const file = await storeUpload(deps, org.companyId, user.id, Readable.from([PNG]), { kind: 'image', field: 'image', filename: 'photo.png' });

    const before = await tableChecksums(ctx.database);
    expect(Number(before.employees!.split(':')[0])).toBe(3);
    const out = path.join(dir, 'clinic.backup');
    const result = await backup(ctx.database, ctx.config.dataDir, out);
    expect(result.files).toBe(1);
    expect(result.rowCounts.companies).toBe(2);

    await wipe(ctx.database, ctx.config.dataDir);
    const empty = await tableChecksums(ctx.database);
    expect(Object.values(empty).every((v) => v.startsWith('0:'))).toBe(true);

    await restore(ctx.database, ctx.config.dataDir, out);
    expect(await tableChecksums(ctx.database)).toEqual(before);
    const res = await ctx.app.inject({ method: 'GET', url: fileUrl(deps, org.companyId, file.id, { session: linkSessionOf(layla.accessToken) }) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    // Restored accounts can sign in, and new rows continue after the restored ones.
    await login(ctx, 'layla', TEST_PASSWORD);
    expect(other.companyId).not.toBe(org.companyId);
  });

  it('refuses to restore over data unless forced, and refuses a truncated file', async () => {
    const out = path.join(dir, 'again.backup');
    await backup(ctx.database, ctx.config.dataDir, out);
    await expect(restore(ctx.database, ctx.config.dataDir, out)).rejects.toThrow(/not empty/);
    const before = await tableChecksums(ctx.database);
    await restore(ctx.database, ctx.config.dataDir, out, { force: true });
    expect(await tableChecksums(ctx.database)).toEqual(before);

    const { gunzipSync, gzipSync } = await import('node:zlib');
    const text = gunzipSync(readFileSync(out)).toString('utf8');
    const truncated = text.split('\n').filter((l) => !l.includes('"kind":"end"')).join('\n');
    const cut = path.join(dir, 'cut.backup');
    (await import('node:fs')).writeFileSync(cut, gzipSync(truncated));
    await wipe(ctx.database, ctx.config.dataDir);
    await expect(restore(ctx.database, ctx.config.dataDir, cut)).rejects.toThrow(/incomplete/);
  });
});
