import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Starts the real server (the built code `npm start` runs) on a data folder, runs writes, kills it with SIGKILL
 * while writes are in flight, starts it again on the same data and checks that every write that was acknowledged
 * with 2xx is there. With DATABASE_URL set, the same against a fresh PostgreSQL database.
 */
const serverJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/server.js');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-crash-'));
const secret = randomBytes(32).toString('hex');
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let child: ChildProcess | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function start(): Promise<string> {
  const port = await freePort();
  child = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: secret, SEED_DEMO: 'true', LOG_LEVEL: 'error',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return base;
    } catch { /* not yet listening */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function kill9(): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

beforeAll(async () => {
  if (!existsSync(serverJs)) throw new Error(`Build the API first (npm run build): ${serverJs} is missing`);
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `clinic_crash_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
});

afterAll(async () => {
  await kill9();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it('keeps every acknowledged write across a SIGKILL', async () => {
    let base = await start();
    const login = async () => {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin', password: 'Demo@1234' }),
      });
      if (res.status !== 200) throw new Error(`login ${res.status}`);
      return ((await res.json()) as { data: { accessToken: string; refreshToken: string } }).data;
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
    await kill9();
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);

    base = await start();
    for (const refreshToken of acknowledged) {
      const res = await fetch(`${base}/api/auth/refresh-token`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken }),
      });
      expect(res.status, 'an acknowledged sign-in was lost').toBe(200);
    }
  }, 120_000);
});
