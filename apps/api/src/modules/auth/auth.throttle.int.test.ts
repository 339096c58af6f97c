import { count, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/index.js';
import { body, contextWithOrg, createTestContext, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';

/*
 * Sign-in throttling holds under parallel requests (each attempt is recorded before its password is checked), its
 * records are purged once older than the window, and client addresses come only from configured proxies.
 */

let ctx: TestContext;
let org: TestOrg;
beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
});
afterAll(() => ctx.close());

const signIn = (password: string, remoteAddress: string, headers: Record<string, string> = {}, on = ctx) =>
  on.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers, payload: { email: org.adminUsername, password } });

describe('sign-in throttling under parallel requests', () => {
  it('evaluates at most LOGIN_MAX_FAILURES of 30 parallel wrong passwords; the rest and then the right password get 429', async () => {
    expect(ctx.config.loginMaxFailures).toBe(10);
    const ip = '10.20.30.40';
    const results = await Promise.all(Array.from({ length: 30 }, () => signIn('Wrong@Pass1', ip)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    const right = await signIn(TEST_PASSWORD, ip);
    expect(right.statusCode).toBe(429);
    expect(body(right).message).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' });
    // Once the window has passed (the records aged past it), the right password signs in and clears the record.
    await ctx.database.db.update(loginFailures).set({ createdAt: new Date(Date.now() - 16 * 60_000) }).where(eq(loginFailures.ip, ip));
    expect((await signIn(TEST_PASSWORD, ip)).statusCode).toBe(200);
    const [left] = await ctx.database.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.ip, ip));
    expect(left?.n).toBe(0);
  });

  it('counts an account\'s failures together whether it is named by its user name or its sign-in e-mail', async () => {
    const ip = '10.20.30.42';
    const as = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password: 'Wrong@Pass1' } });
    const byName = await Promise.all(Array.from({ length: 6 }, () => as(org.adminUsername)));
    const byEmail = await Promise.all(Array.from({ length: 6 }, () => as(`${org.adminUsername}@example.test`.toUpperCase())));
    const statuses = [...byName, ...byEmail].map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const right = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: `${org.adminUsername}@example.test`, password: TEST_PASSWORD } });
    expect(right.statusCode).toBe(429);
  });

  it('a successful sign-in leaves no record behind', async () => {
    const ip = '10.20.30.41';
    expect((await signIn(TEST_PASSWORD, ip)).statusCode).toBe(200);
    const [left] = await ctx.database.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.ip, ip));
    expect(left?.n).toBe(0);
  });
});

describe('sign-in records are purged', () => {
  it('removes records older than the window, a bounded batch per sign-in, and keeps recent ones', async () => {
    const db = ctx.database.db;
    await db.delete(loginFailures);
    const old = new Date(Date.now() - 2 * 86_400_000);
    await db.insert(loginFailures).values(Array.from({ length: 150 }, (_, i) => ({ identifier: `old-${i}`, ip: '10.0.0.1', createdAt: old })));
    await db.insert(loginFailures).values({ identifier: 'recent', ip: '10.0.0.2' });
    const oldRows = async () => (await db.select({ n: count() }).from(loginFailures).where(lt(loginFailures.createdAt, new Date(Date.now() - 86_400_000))))[0]?.n;

    expect((await signIn('Wrong@Pass1', '10.0.0.3')).statusCode).toBe(401);
    expect(await oldRows()).toBe(50);
    expect((await signIn('Wrong@Pass1', '10.0.0.3')).statusCode).toBe(401);
    expect(await oldRows()).toBe(0);
    const recent = await db.select().from(loginFailures).where(eq(loginFailures.identifier, 'recent'));
    expect(recent).toHaveLength(1);
  });
});

describe('TRUST_PROXY', () => {
  let proxied: TestContext;
  beforeAll(async () => { proxied = await createTestContext({ trustProxy: ['127.0.0.1'] }); });
  afterAll(() => proxied.close());

  async function recordedAddress(remoteAddress: string, forwardedFor: string) {
    const res = await signIn('Wrong@Pass1', remoteAddress, { 'x-forwarded-for': forwardedFor }, proxied);
    expect(res.statusCode).toBe(401);
    const rows = await proxied.database.db.select({ ip: loginFailures.ip }).from(loginFailures).orderBy(loginFailures.id);
    return rows.at(-1)?.ip;
  }

  it('ignores X-Forwarded-For from an address that is not a configured proxy', async () => {
    expect(await recordedAddress('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('takes the client address from X-Forwarded-For sent by a configured proxy, never beyond the first untrusted hop', async () => {
    expect(await recordedAddress('127.0.0.1', '198.51.100.2')).toBe('198.51.100.2');
    // A client-made header in front of the proxy's own entry: the proxy's entry (the client it saw) is what counts.
    expect(await recordedAddress('127.0.0.1', '10.9.9.9, 198.51.100.3')).toBe('198.51.100.3');
  });

  it('rotating X-Forwarded-For from outside does not escape throttling', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await signIn('Wrong@Pass1', '203.0.113.9', { 'x-forwarded-for': `198.51.100.${100 + i}` }, proxied)).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
