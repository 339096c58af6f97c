import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The built server, what `npm start` runs. */
export const serverJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/server.js');
/** The Node options `npm start` runs the server with. */
export const serverNodeFlags = JSON.parse(readFileSync(path.resolve(path.dirname(serverJs), '../node-flags.json'), 'utf8')) as string[];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * The real server as a process, for tests of what happens to the process itself (a crash, a signal): its own data
 * folder, and with DATABASE_URL set its own scratch PostgreSQL database, dropped afterwards. The server is started
 * on the same data as often as a test needs; `output` collects what it printed.
 */
export class BuiltServer {
  readonly dataDir: string;
  child: ChildProcess | undefined;
  output = '';
  private databaseUrl: string | undefined;
  private dropDatabase: (() => Promise<void>) | undefined;

  constructor(private readonly name: string) {
    this.dataDir = mkdtempSync(path.join(os.tmpdir(), `clinic-${name}-`));
  }

  /** Checks the build is there and, on PostgreSQL, creates the scratch database. */
  async setUp(): Promise<void> {
    if (!existsSync(serverJs)) throw new Error(`Build the API first (npm run build): ${serverJs} is missing`);
    const url = process.env.DATABASE_URL;
    if (!url) return;
    const database = `clinic_${this.name}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${database}`;
    this.databaseUrl = u.toString();
    this.dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${database} with (force)`);
      await c.end();
    };
  }

  /**
   * Starts the server with the demo seeded and waits until it is ready; `env` adds or removes (undefined) variables.
   * A first start migrates and seeds, slow on a busy machine: the wait is a hang guard, not a timing assertion.
   */
  async start(env: Record<string, string | undefined> = {}): Promise<string> {
    const port = await freePort();
    const child = spawn(process.execPath, [...serverNodeFlags, serverJs], { env: this.environment({ PORT: String(port), ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout!.on('data', (d: Buffer) => { this.output += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { this.output += d.toString(); });
    const base = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 240_000; Date.now() < deadline;) {
      try {
        if ((await fetch(`${base}/api/health/ready`)).ok) return base;
      } catch { /* not yet listening */ }
      if (child.exitCode !== null) throw new Error(`server exited: ${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  /** The server's (or a command's) environment: this data folder and database, `env` added or removed (undefined). */
  private environment(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
    const merged: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', DATA_DIR: this.dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'error' };
    delete merged.DATABASE_URL;
    if (this.databaseUrl) merged.DATABASE_URL = this.databaseUrl;
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete merged[key];
      else merged[key] = value;
    }
    return merged;
  }

  /**
   * Starts a command of the build (`dist/cli/<name>.js`, e.g. backup or restore) on the same data folder and database:
   * its process, what it printed so far, and its exit code once it ends (null when killed).
   */
  command(name: string, args: string[], env: Record<string, string | undefined> = {}): { child: ChildProcess; output(): string; exit: Promise<number | null> } {
    const child = spawn(process.execPath, [path.join(path.dirname(serverJs), 'cli', `${name}.js`), ...args], { env: this.environment(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => output, exit };
  }

  /** Kills the server process at once (SIGKILL): a crash of the process, not of the machine (docs/operations.md, "Crash safety"). */
  kill9(): Promise<void> {
    return new Promise((resolve) => {
      const child = this.child;
      // Already gone: ended by itself (exitCode) or by a signal, an earlier kill (signalCode).
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async tearDown(): Promise<void> {
    await this.kill9();
    await this.dropDatabase?.();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Signs in as the demo administrator through HTTP. */
export async function demoSignIn(base: string): Promise<{ status: number; data: { accessToken: string; refreshToken: string } }> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin', password: 'Demo@1234' }),
  });
  const parsed = (await res.json()) as { data: { accessToken: string; refreshToken: string } };
  return { status: res.status, data: parsed.data };
}
