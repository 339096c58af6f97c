// Starting and stopping the production server for measurements.
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverJs = path.join(root, 'apps/api/dist/server.js');
/** The Node options the server runs with (`npm start`, docs/deploy.md): apps/api/node-flags.json. */
export const serverNodeFlags = JSON.parse(readFileSync(path.join(root, 'apps/api/node-flags.json'), 'utf8'));

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts `node <flags> apps/api/dist/server.js` (what `npm start` runs) and waits for its health check. */
export async function startServer({ dataDir, databaseUrl, env = {}, nodeArgs = [] }) {
  const port = await freePort();
  const child = spawn(process.execPath, [...serverNodeFlags, ...nodeArgs, serverJs], {
    env: {
      ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
      SEED_DEMO: 'false', LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      LOGIN_MAX_FAILURES: '1000000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child, port };
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid) {
  try {
    const status = execFileSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' });
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

/** A process's resident memory now and its peak so far, in MB (Linux). */
export function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

/** CPU time (user + system) each process has used so far, in ms (Linux; USER_HZ is 100). */
export function cpuMsByPid(pids) {
  const out = new Map();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch { /* gone */ }
  }
  return out;
}

/** CPU time a set of processes has used so far, in ms. */
export function cpuMs(pids) {
  return [...cpuMsByPid(pids).values()].reduce((a, b) => a + b, 0);
}

/**
 * CPU time the processes have used since `before` (a `cpuMsByPid` reading): a process that started since counts
 * whole (the database server starts a backend for each new pool connection).
 */
export function cpuMsSince(before, pids) {
  let ms = 0;
  for (const [pid, now] of cpuMsByPid(pids)) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** The PostgreSQL server's processes on this machine (none when it runs elsewhere). */
export function postgresPids() {
  try {
    return execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export function parseArgs(argv, defaults) {
  const out = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const key = a.slice(2).replace(/-([a-z])/g, (_m, c) => c.toUpperCase());
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) out[key] = true;
    else { out[key] = next; i++; }
  }
  return out;
}

/**
 * Starts counting the CPU time of the server process, the database server's processes (when it runs on this machine;
 * the embedded database runs inside the server) and the load generator (this process). `perRequest(n)` divides what
 * each spent since by the requests served.
 */
export function cpuMeter(serverPid, withPostgres) {
  const before = { server: cpuMs([serverPid]), db: cpuMsByPid(withPostgres ? postgresPids() : []), load: process.cpuUsage() };
  return (requests) => {
    const n = Math.max(1, requests);
    const load = process.cpuUsage(before.load);
    const dbPids = withPostgres ? postgresPids() : [];
    return {
      server_cpu_ms: Number(((cpuMs([serverPid]) - before.server) / n).toFixed(3)),
      db_cpu_ms: dbPids.length ? Number((cpuMsSince(before.db, dbPids) / n).toFixed(3)) : null,
      load_cpu_ms: Number(((load.user + load.system) / 1000 / n).toFixed(3)),
    };
  };
}
