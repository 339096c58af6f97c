import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltServer, demoSignIn } from '../test/built-server.js';

/**
 * Starts the real server (the built code `npm start` runs) on a data folder, runs writes, kills it with SIGKILL
 * while writes are in flight, starts it again on the same data and checks that every write that was acknowledged
 * with 2xx is there. With DATABASE_URL set, the same against a fresh PostgreSQL database.
 */
const server = new BuiltServer('crash');
const env = { JWT_SECRET: randomBytes(32).toString('hex') };

beforeAll(() => server.setUp());
afterAll(() => server.tearDown());

describe('crash safety', () => {
  it('keeps every acknowledged write across a SIGKILL', async () => {
    let base = await server.start(env);
    const login = async () => {
      const res = await demoSignIn(base);
      if (res.status !== 200) throw new Error(`login ${res.status}`);
      return res.data;
    };
    const session = await login();
    const plan = await fetch(`${base}/api/profile`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(plan.status).toBe(200);

    // Each acknowledged sign-in wrote a refresh token; each must still be usable after the crash.
    const acknowledged: string[] = [];
    let stop = false;
    const writers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        try {
          acknowledged.push((await login()).refreshToken);
        } catch {
          return; // the server went away mid-request: that write was never acknowledged
        }
      }
    });
    while (acknowledged.length < 12) await new Promise((r) => setTimeout(r, 20));
    await server.kill9();
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);

    base = await server.start(env);
    for (const refreshToken of acknowledged) {
      const res = await fetch(`${base}/api/auth/refresh-token`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken }),
      });
      expect(res.status, 'an acknowledged sign-in was lost').toBe(200);
    }
  }, 120_000);
});
