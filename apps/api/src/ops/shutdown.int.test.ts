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
 * Starts the real server (the built code `npm start` runs), keeps it busy with sign-ins and patient reads, sends
 * SIGTERM while they are in flight and checks that every one of them is answered 2xx and the process exits 0, its
 * readiness saying 503 meanwhile (SHUTDOWN_DRAIN_SECONDS gives the probe time to see it). No JWT_SECRET: on PostgreSQL the server takes the shared one from the database.
 * With DATABASE_URL set, against a fresh PostgreSQL database; else on an embedded database in a data folder.
 */
const serverJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/server.js');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-shutdown-'));
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let child: ChildProcess | undefined;
let output = '';

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
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'error',
    // Generous: on a busy machine the embedded database (in the server's own thread) answers slowly.
    SHUTDOWN_DRAIN_SECONDS: '5', SHUTDOWN_TIMEOUT_SECONDS: '180',
  };
  delete env.JWT_SECRET;
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  child = spawn(process.execPath, [serverJs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
  const base = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds: generous on a busy machine (a hang guard, not a timing assertion).
  for (const deadline = Date.now() + 240_000; Date.now() < deadline;) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return base;
    } catch { /* not yet listening */ }
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

beforeAll(async () => {
  if (!existsSync(serverJs)) throw new Error(`Build the API first (npm run build): ${serverJs} is missing`);
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `clinic_shutdown_${randomBytes(4).toString('hex')}`;
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
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('on SIGTERM answers every request in flight with its 2xx, says not ready meanwhile, and exits 0', async () => {
    const base = await start();
    const signIn = async () => {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin', password: 'Demo@1234' }),
      });
      return { status: res.status, body: (await res.json()) as { data: { accessToken: string } } };
    };
    const token = (await signIn()).body.data.accessToken;
    const readPatients = async () => {
      const res = await fetch(`${base}/api/patients?limit=0`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      return { status: res.status };
    };
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

    let answered = 0;
    const inFlight = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? signIn() : readPatients()).then((r) => { answered += 1; return r.status; }));
    // Every request is on its way (the server has them all) when the signal comes.
    await new Promise((r) => setTimeout(r, 50));
    const unansweredAtSignal = 24 - answered;
    child!.kill('SIGTERM');
    // Readiness turns 503 as soon as the server handles the signal, while it still answers (the drain).
    let notReady = false;
    for (const deadline = Date.now() + 60_000; !notReady && Date.now() < deadline && child!.exitCode === null;) {
      const ready = await fetch(`${base}/api/health/ready`).catch(() => null);
      if (ready?.status === 503) notReady = true;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(notReady).toBe(true);

    const statuses = await Promise.all(inFlight);
    expect(unansweredAtSignal).toBeGreaterThan(0);
    expect(statuses).toEqual(statuses.map(() => 200));
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/Cannot use a pool|shutdown failed/);
  }, 360_000);
});
