import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import type { App } from '../../lib/app-types.js';
import { sharedSigningSecret } from '../../lib/signing-secret.js';
import { auth, body, createOrg, createTestContext, login, type TestContext, type TestOrg } from '../../test/harness.js';

/*
 * Two API servers on one database, each with a minute's cache of callers: a session ended through server A is
 * refused by server B at its next request, within seconds (the ending is announced to every server).
 */

let a: TestContext;
let secondDatabase: Database | null = null;
let b: App;
let bDataDir: string;
let org: TestOrg;

beforeAll(async () => {
  a = await createTestContext({ callerCacheMs: 60_000 });
  const secret = await sharedSigningSecret(a.database);
  a.config.jwtSecret = secret;
  await a.app.close();
  a.app = await buildApp(a.config, a.database);
  await a.app.ready();
  const database = a.databaseUrl ? (secondDatabase = await openDatabase({ databaseUrl: a.databaseUrl, poolSize: 5 })) : a.database;
  bDataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-server-b-'));
  const bConfig = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    { dataDir: bDataDir, jwtSecret: secret, callerCacheMs: 60_000, webDist: path.join(bDataDir, 'no-web') },
  );
  b = await buildApp(bConfig, database);
  await b.ready();
  org = await createOrg(a);
}, 120_000);

afterAll(async () => {
  await b?.close();
  await secondDatabase?.close();
  await a?.close();
  rmSync(bDataDir, { recursive: true, force: true });
});

describe('ending a session across servers', () => {
  it('a session ended on server A stops its access token on server B within seconds', async () => {
    const other = await login(a, org.adminUsername, 'Secret@123');
    // Server B loads and caches the other session's caller.
    expect((await b.inject({ method: 'GET', url: '/api/profile', headers: auth(other.accessToken) })).statusCode).toBe(200);
    const generation = b.callers.generation(org.companyId);

    const ended = await a.app.inject({ method: 'POST', url: '/api/sessions/end-others', headers: auth(org.token) });
    expect(body(ended).data.ended).toBe(1);
    await vi.waitFor(() => expect(b.callers.generation(org.companyId)).toBeGreaterThan(generation), { timeout: 5_000, interval: 10 });
    expect((await b.inject({ method: 'GET', url: '/api/profile', headers: auth(other.accessToken) })).statusCode).toBe(401);
    expect((await b.inject({ method: 'GET', url: '/api/profile', headers: auth(org.token) })).statusCode).toBe(200);
  });
});
