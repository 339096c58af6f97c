import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The embedded database's folder lock (docs/operations.md, "The embedded database is opened by one process at a
 * time") when several processes find a stale lock at the same moment: a server restarted after a crash while an
 * operator runs a backup, or two servers started together by a process manager.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROUNDS = 40;
const PROCESSES = 6;
const root = mkdtempSync(path.join(os.tmpdir(), 'clinic-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A process that, at each round's start time, tries to take that round's lock and says whether it got it. */
const contender = `
  const { acquireDataLock } = await import(${JSON.stringify(path.join(apiRoot, 'src/db/data-lock.ts'))});
  const [dirs, start, step] = [JSON.parse(process.argv[1]), Number(process.argv[2]), Number(process.argv[3])];
  const results = [];
  // Every contender starts each round at the same moment: it sleeps until just before it (without holding a core, so
  // six contenders on two cores do not starve each other or the rest of the suite), then watches the clock.
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const until = (t) => {
    const ms = t - Date.now() - 2;
    if (ms > 0) Atomics.wait(cell, 0, 0, ms);
    while (Date.now() < t) { /* the last moment */ }
  };
  for (let round = 0; round < dirs.length; round++) {
    until(start + round * step);
    try {
      acquireDataLock(dirs[round], 'server'); // held until this process ends, so a late contender still finds it
      results.push(1);
    } catch {
      results.push(0);
    }
  }
  // Every lock stays held until every contender is surely done, so one that ran late still finds them.
  setTimeout(() => console.log(JSON.stringify(results)), start + dirs.length * step + 4000 - Date.now());
`;

describe('a stale lock found by several processes at once', () => {
  it('is taken over by exactly one of them', async () => {
    const dirs = Array.from({ length: ROUNDS }, (_, round) => {
      const dir = path.join(root, `round-${round}`);
      // Left by a process that died: its process id runs no more.
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'db.lock'), JSON.stringify({ pid: 2 ** 22 + 1, holder: 'server', since: '2026-01-01T00:00:00.000Z', host: os.hostname(), nonce: 'left-by-a-crash' }) + '\n');
      return dir;
    });
    const start = Date.now() + 6000;
    const step = 150;
    const outputs = await Promise.all(Array.from({ length: PROCESSES }, () => new Promise<number[]>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', contender, JSON.stringify(dirs), String(start), String(step)], {
        cwd: apiRoot, stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
      child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim()) as number[]) : reject(new Error(`contender exited with ${code}`))));
    })));
    const holders = dirs.map((_, round) => outputs.reduce((n, results) => n + (results[round] ?? 0), 0));
    expect(holders).toEqual(dirs.map(() => 1));
  }, 60_000);
});
