import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverJs, serverNodeFlags } from '../test/built-server.js';
import { closedPort } from '../test/closed-port.js';

/**
 * The built server started with settings it cannot run with: it ends at once with exit code 1 and one line saying what
 * is wrong, never a stack trace, never the database password.
 */
let dataDir: string;
beforeAll(() => {
  if (!existsSync(serverJs)) throw new Error(`Build the API first (npm run build): ${serverJs} is missing`);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-start-failures-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const merged: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'error', ...env };
  if (!env.DATABASE_URL) delete merged.DATABASE_URL;
  const child = spawn(process.execPath, [...serverNodeFlags, serverJs], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

function expectOneClearLine(output: string, what: RegExp) {
  expect(output).toMatch(/^Clinic could not start: /);
  expect(output).toMatch(what);
  expect(output).not.toMatch(/^\s+at /m);
}

describe('a start that cannot go on', () => {
  it('names the database of DATABASE_URL when it is out of reach, without its password', async () => {
    const port = await closedPort();
    const { code, output } = await run({ DATABASE_URL: `postgres://clinic:Db-Pass-123@127.0.0.1:${port}/clinic` });
    expect(code).toBe(1);
    expectOneClearLine(output, /the PostgreSQL database of DATABASE_URL: .*ECONNREFUSED/);
    expect(output).not.toContain('Db-Pass-123');
  }, 120_000);

  it('says the port is taken, and leaves the data folder unlocked', async () => {
    const taken: Server = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    try {
      const { code, output } = await run({ PORT: String(port) });
      expect(code).toBe(1);
      expectOneClearLine(output, new RegExp(`listening on 127\\.0\\.0\\.1:${port} \\(HOST, PORT\\): .*EADDRINUSE`));
      expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    } finally {
      await new Promise((r) => taken.close(r));
    }
  }, 240_000);

  it('lists the settings it refused', async () => {
    const { code, output } = await run({ JWT_SECRET: 'too-short' });
    expect(code).toBe(1);
    expectOneClearLine(output, /the configuration: Invalid configuration:\n {2}JWT_SECRET: JWT_SECRET must be at least 32 characters/);
  }, 60_000);
});
