import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../lib/app-types.js';
import { auth, body, createOrg, login, type TestContext, type TestOrg } from '../../test/harness.js';
import { startTwoServers, type TwoServers } from '../../test/two-servers.js';

/*
 * Two API servers on one database, each with a minute's cache of callers: a session ended through server A is
 * refused by server B at its next request, within seconds (the ending is announced to every server).
 */

let servers: TwoServers;
let a: TestContext;
let b: App;
let org: TestOrg;

beforeAll(async () => {
  servers = await startTwoServers();
  ({ a, b } = servers);
  org = await createOrg(a);
}, 120_000);

afterAll(async () => {
  await servers?.close();
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
