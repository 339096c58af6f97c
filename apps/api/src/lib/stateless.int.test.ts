import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { createAccount } from '../modules/organisation/provision.js';
import { auth, body, createOrg, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../test/harness.js';
import { startTwoServers, type TwoServers } from '../test/two-servers.js';
import type { App } from './app-types.js';
import { fileUrl } from './file-links.js';
import { storeUpload } from './files.js';
import { sharedSigningSecret } from './signing-secret.js';
import { CallerCache } from './caller-cache.js';
import { TokenService } from './tokens.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');

/**
 * Two API servers on one database, as behind a load balancer: each its own process state (caches, LISTEN connection,
 * an empty data folder of its own), sharing only the database. On PostgreSQL the second server opens its own pool;
 * on the embedded database both run over the one in-process database.
 */
let servers: TwoServers;
let a: TestContext;
let b: App;
let bDataDir: string;
let org: TestOrg;

beforeAll(async () => {
  servers = await startTwoServers();
  ({ a, b, bDataDir } = servers);
  org = await createOrg(a);
}, 120_000);

afterAll(async () => {
  await servers?.close();
});

describe('the signing secret without JWT_SECRET', () => {
  it('is created once in the database, servers starting together agree on it, and none is written to a data folder', async () => {
    const secrets = await Promise.all(Array.from({ length: 6 }, () => sharedSigningSecret(a.database)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    const [count] = await a.database.query<{ n: number }>('select count(*)::int as n from server_settings');
    expect(count!.n).toBe(1);

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-config-'));
    try {
      const onPostgres = loadConfig({ DATABASE_URL: 'postgres://db.example/clinic' }, { dataDir });
      expect(onPostgres.jwtSecret).toBe('');
      expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
      // The embedded database is one server: its data folder keeps the secret.
      expect(loadConfig({}, { dataDir }).jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a sign-in on one server is accepted by the other', async () => {
    const session = await login(a, org.adminUsername, TEST_PASSWORD);
    const res = await b.inject({ method: 'GET', url: '/api/patients?limit=5', headers: auth(session.accessToken) });
    expect(res.statusCode).toBe(200);
    // And the other way round, with a refresh on B.
    const refreshed = await b.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: session.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: '/api/patients?limit=5', headers: auth(body(refreshed).data.accessToken) })).statusCode).toBe(200);
  });
});

describe('uploaded files', () => {
  it('a file stored through one server downloads through the other, whose data folder has no uploads', async () => {
    const deps = { config: a.config, database: a.database, db: a.database.db, tokens: new TokenService(a.config.jwtSecret, 900), callers: new CallerCache(0) };
    const stored = await storeUpload(deps, org.companyId, org.adminId, Readable.from([PNG]), { kind: 'image', field: 'image', filename: 'photo.png' });
    const claims = JSON.parse(Buffer.from(org.token.split('.')[1]!, 'base64url').toString()) as { sub: string; sv: number; fam: string };
    const url = fileUrl(deps, org.companyId, stored.id, { session: { employeeId: claims.sub, sessionVersion: claims.sv, familyId: claims.fam } });
    const res = await b.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(existsSync(path.join(bDataDir, 'uploads'))).toBe(false);
  });
});

describe('cached callers across servers', () => {
  it('a role change on one server takes effect on the other server\'s next request', async () => {
    const call = (app: App, method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
      app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
    const role = body(await call(a.app, 'POST', '/api/roles', org.token, { name: 'Front desk', permissions: ['patient_read'] })).data;
    const username = `desk_${randomBytes(3).toString('hex')}`;
    await createAccount(a.database.db, org.companyId, new Map([['Front desk', role._id as string]]), {
      name: 'Desk', username, email: `${username}@example.test`, password: TEST_PASSWORD, employeeType: 'Employee', roleNames: ['Front desk'],
    });
    const desk = (await login(a, username, TEST_PASSWORD)).accessToken;
    // Server B loads and keeps the caller (a minute's cache).
    expect((await call(b, 'GET', '/api/patients?limit=5', desk)).statusCode).toBe(200);
    expect((await call(b, 'GET', '/api/patients?limit=5', desk)).statusCode).toBe(200);
    const generation = b.callers.generation(org.companyId);

    const changed = await call(a.app, 'PUT', `/api/roles/${role._id}`, org.token, { permissions: ['service_read'], version: role.version });
    expect(changed.statusCode).toBe(200);
    // The notification reaches B within milliseconds of A's answer (a generous hang guard only).
    await vi.waitFor(() => expect(b.callers.generation(org.companyId)).toBeGreaterThan(generation), { timeout: 10_000, interval: 10 });
    expect((await call(b, 'GET', '/api/patients?limit=5', desk)).statusCode).toBe(403);
  });
});
