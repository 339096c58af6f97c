import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoProviders } from '../../db/schema/index.js';
import { seal } from '../../lib/secret-box.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { ANSWER_MAX, ProviderAddressRefused, providerFetch } from './provider-fetch.js';
import { upsertProvider } from './sso.repository.js';
import { SECRET_PURPOSE } from './sso.settings.js';

/**
 * An administrator types the identity provider's address, and the provider's discovery document names the others:
 * without the operator's setting, the server reaches none of them on this machine or a private network, and never
 * over plain http. A local server counts what reaches it.
 */

const PUBLIC = 'https://clinic.example';

let ctx: TestContext;
let org: TestOrg;
let inside: Server;
let insidePort = 0;
const reached: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: PUBLIC });
  org = await createOrg(ctx, { name: 'Cedar Clinics' });
  // A service on the server's own machine: it answers anything, as an internal service would.
  inside = createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    if (req.url === '/big') {
      res.setHeader('content-type', 'application/json');
      res.end(Buffer.alloc(ANSWER_MAX + 1, 0x20));
      return;
    }
    if (req.url === '/upgrade') {
      // Switching protocols hands the socket over: the request must still end.
      req.socket.write('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n');
      return;
    }
    if (req.url === '/silent') return;
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-seen', 'yes');
    res.end(JSON.stringify({ issuer: `http://127.0.0.1:${insidePort}`, method: req.method }));
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  insidePort = (inside.address() as AddressInfo).port;
});
afterAll(async () => {
  inside.closeAllConnections();
  await new Promise<void>((resolve) => inside.close(() => resolve()));
  await ctx.close();
});

const settings = (issuer: string) => ({
  enabled: true, issuer, clientId: 'cedar', clientSecret: 'cedar-secret', allowedDomains: ['cedar.test'], groupRoles: [],
  provisioning: 'invite', label: null, passwordSignIn: true, breakGlassEmployeeId: null,
});

describe('the identity provider\'s address, without the operator\'s setting', () => {
  it.each([
    [`http://127.0.0.1:PORT`, 'Enter the issuer address (https).'],
    ['http://10.0.0.5/realms/clinic', 'Enter the issuer address (https).'],
    [`https://127.0.0.1:PORT`, 'This address is on a private network, which the server\'s operator has not opened to identity providers.'],
    [`https://localhost:PORT/realms/clinic`, 'This address is on a private network, which the server\'s operator has not opened to identity providers.'],
    ['https://[::ffff:169.254.169.254]', 'This address is on a private network, which the server\'s operator has not opened to identity providers.'],
  ])('the connection test refuses %s on the issuer field, and sends nothing there', async (raw, message) => {
    const issuer = raw.replace('PORT', String(insidePort));
    const before = reached.length;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/organisation/sso/test', headers: auth(org.token), payload: { issuer } });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ issuer: message });
    expect(reached.length).toBe(before);
  });

  it('saving refuses a private address, in Arabic too, and stores nothing', async () => {
    const issuer = `https://127.0.0.1:${insidePort}`;
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/organisation/sso', headers: auth(org.token, 'ar'), payload: settings(issuer) });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ issuer: 'هذا العنوان على شبكة خاصة لم يفتحها مشغّل الخادم لمزوّدي الهوية.' });
    expect(await ctx.database.db.select().from(ssoProviders).where(eq(ssoProviders.companyId, org.companyId))).toHaveLength(0);
  });

  it('a provider saved while the operator allowed it is not reached once the setting is off: the sign-in does not start', async () => {
    await upsertProvider(ctx.database.db, {
      companyId: org.companyId, enabled: true, issuer: `http://127.0.0.1:${insidePort}`, clientId: 'cedar',
      clientSecretEnc: seal(ctx.config.jwtSecret, SECRET_PURPOSE, 'cedar-secret'), allowedDomains: ['cedar.test'], groupRoles: [],
      provisioning: 'invite', label: null,
    });
    const before = reached.length;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/start?org=${org.companyId}` });
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location)).searchParams.get('sso_error')).toBe('provider');
    expect(reached.length).toBe(before);
  });
});

describe('the fetch every provider request goes through', () => {
  const signal = () => AbortSignal.timeout(5_000);

  it('refuses http and private addresses before connecting, whatever the discovery document names', async () => {
    const strict = providerFetch(false);
    const before = reached.length;
    await expect(strict(`http://127.0.0.1:${insidePort}/token`, { method: 'POST', headers: {}, body: 'a=1', redirect: 'manual', signal: signal() }))
      .rejects.toEqual(new ProviderAddressRefused('httpsOnly'));
    await expect(strict(`https://127.0.0.1:${insidePort}/jwks`, { method: 'GET', headers: {}, body: undefined, redirect: 'manual', signal: signal() }))
      .rejects.toMatchObject({ reason: 'targetRefused' });
    await expect(strict('https://user:secret@example.com/', { method: 'GET', headers: {}, body: undefined, redirect: 'manual', signal: signal() }))
      .rejects.toMatchObject({ reason: 'urlInvalid' });
    expect(reached.length).toBe(before);
  });

  it('with the setting, answers as fetch does, sends a form body, follows no redirect and refuses an answer over 1 MB', async () => {
    const open = providerFetch(true);
    const ok = await open(`http://127.0.0.1:${insidePort}/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ code: 'x' }), redirect: 'manual', signal: signal(),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-seen')).toBe('yes');
    expect(await ok.json()).toEqual({ issuer: `http://127.0.0.1:${insidePort}`, method: 'POST' });
    const moved = await open(`http://127.0.0.1:${insidePort}/moved`, { method: 'GET', headers: {}, body: undefined, redirect: 'manual', signal: signal() });
    expect(moved.status).toBe(302);
    expect(reached.at(-1)).toBe('GET /moved');
    await expect(open(`http://127.0.0.1:${insidePort}/big`, { method: 'GET', headers: {}, body: undefined, redirect: 'manual', signal: signal() }))
      .rejects.toThrow('too large');
  });

  it('ends a request whose answer switches protocols, and one that never answers once its signal aborts', async () => {
    const open = providerFetch(true);
    await expect(open(`http://127.0.0.1:${insidePort}/upgrade`, { method: 'GET', headers: {}, body: undefined, redirect: 'manual', signal: signal() }))
      .rejects.toThrow('switched protocols');
    await expect(open(`http://127.0.0.1:${insidePort}/silent`, { method: 'GET', headers: {}, body: undefined, redirect: 'manual', signal: AbortSignal.timeout(300) }))
      .rejects.toThrow();
  });
});
