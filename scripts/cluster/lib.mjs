// The local cluster: a pg_auto_failover monitor and two PostgreSQL nodes with synchronous replication, three API
// servers and nginx in front, all on 127.0.0.1 ports, every file under one run folder (no system services).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translate } from '@clinic/shared';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RUN = path.resolve(process.env.CLUSTER_DIR ?? path.join(os.tmpdir(), 'clinic-cluster'));
const BASE = Number(process.env.CLUSTER_PORT_BASE ?? 56100);

export const PORTS = {
  monitor: BASE,
  nodes: { a: BASE + 1, b: BASE + 2 },
  api: [BASE + 11, BASE + 12, BASE + 13],
  nginx: BASE + 80,
};
export const NODES = /** @type {const} */ (['a', 'b']);
export const DB_NAME = 'clinic';
export const PUBLIC_URL = `http://127.0.0.1:${PORTS.nginx}`;
/** libpq-style: every node, the pool keeps the one that accepts writes. */
export const DATABASE_URL = `postgres://postgres@${NODES.map((n) => `127.0.0.1:${PORTS.nodes[n]}`).join(',')}/${DB_NAME}?target_session_attrs=read-write`;

/** The newest installed PostgreSQL's bin folder ('' when none); looked up each time, as it may be installed meanwhile. */
function pgBin() {
  const dir = '/usr/lib/postgresql';
  if (!existsSync(dir)) return '';
  const versions = readdirSync(dir).filter((v) => existsSync(path.join(dir, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(dir, versions.at(-1), 'bin') : '';
}
const IS_ROOT = process.getuid?.() === 0;

const dirs = {
  pg: path.join(RUN, 'pg'),
  logs: path.join(RUN, 'logs'),
  pids: path.join(RUN, 'pids'),
  api: path.join(RUN, 'api'),
  nginx: path.join(RUN, 'nginx'),
};

export function log(...args) {
  process.stdout.write(`[cluster ${new Date().toISOString().slice(11, 19)}] ${args.join(' ')}\n`);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Installs what the machine lacks (pg_auto_failover, nginx), as .ci/run does for its own packages. */
export function ensurePackages() {
  const need = [];
  if (!pgBin()) need.push('postgresql');
  // The extension package matches the server's major version (15 on Debian 12).
  if (!hasCommand('pg_autoctl')) need.push(`postgresql-${pgBin() ? path.basename(path.dirname(pgBin())) : '15'}-auto-failover`, 'pg-auto-failover-cli');
  if (!hasCommand('nginx') && !existsSync('/usr/sbin/nginx')) need.push('nginx');
  if (!need.length) return;
  log(`installing ${need.join(' ')}`);
  const sudo = IS_ROOT ? [] : ['sudo'];
  const run = (args) => execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', ...need]);
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

const NGINX = () => (hasCommand('nginx') ? 'nginx' : '/usr/sbin/nginx');

/** Environment for pg_autoctl: the PostgreSQL binaries on PATH, its own config and state under the run folder. */
function pgEnv() {
  return {
    ...process.env,
    PATH: `${pgBin()}:${process.env.PATH}`,
    XDG_CONFIG_HOME: path.join(dirs.pg, 'xdg', 'config'),
    XDG_DATA_HOME: path.join(dirs.pg, 'xdg', 'data'),
    PGCONNECT_TIMEOUT: '3',
  };
}

/** PostgreSQL refuses to run as root: pg_autoctl runs as the postgres user then. */
function asPostgres(cmd, args) {
  if (!IS_ROOT) return [cmd, args];
  const env = pgEnv();
  return ['runuser', ['-u', 'postgres', '--', 'env', `PATH=${env.PATH}`, `XDG_CONFIG_HOME=${env.XDG_CONFIG_HOME}`, `XDG_DATA_HOME=${env.XDG_DATA_HOME}`, cmd, ...args]];
}

export function pgAutoctl(args, opts = {}) {
  const [cmd, argv] = asPostgres('pg_autoctl', args);
  return execFileSync(cmd, argv, { env: pgEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', opts.quiet ? 'ignore' : 'pipe'], cwd: dirs.pg, timeout: 15_000 });
}

export function psql(port, sql, db = DB_NAME) {
  return execFileSync(path.join(pgBin(), 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', db, '-XAtq', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PGCONNECT_TIMEOUT: '3' },
    timeout: 15_000,
  }).trim();
}

function pidFile(name) {
  return path.join(dirs.pids, `${name}.pid`);
}

export function readPid(name) {
  try {
    return Number(readFileSync(pidFile(name), 'utf8').trim()) || null;
  } catch {
    return null;
  }
}

export function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts a long-running process in a process group of its own, output appended to logs/<name>.log. */
export function startProcess(name, cmd, args, env, cwd = ROOT) {
  mkdirSync(dirs.logs, { recursive: true });
  mkdirSync(dirs.pids, { recursive: true });
  const out = openSync(path.join(dirs.logs, `${name}.log`), 'a');
  const child = spawn(cmd, args, { env, cwd, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  child.unref();
  writeFileSync(pidFile(name), `${child.pid}\n`);
  return child.pid;
}

/** Signals a process group started by startProcess (the whole group: pg_autoctl and its postgres go together). */
export function signalGroup(name, signal) {
  const pid = readPid(name);
  if (!alive(pid)) return false;
  try {
    process.kill(-pid, signal);
  } catch {
    try { process.kill(pid, signal); } catch { /* gone */ }
  }
  return true;
}

export async function stopGroup(name, graceMs = 10_000) {
  if (!signalGroup(name, 'SIGTERM')) return;
  const pid = readPid(name);
  const until = Date.now() + graceMs;
  while (alive(pid) && Date.now() < until) await sleep(100);
  if (alive(pid)) signalGroup(name, 'SIGKILL');
  while (alive(pid)) await sleep(50);
}

export async function waitFor(what, check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
}

// ---- PostgreSQL (pg_auto_failover) ----------------------------------------------------------------------------

const MONITOR_URI = `postgres://autoctl_node@localhost:${PORTS.monitor}/pg_auto_failover?sslmode=require`;
const pgData = (name) => path.join(dirs.pg, name);

function prepareRunFolder() {
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  if (IS_ROOT) execFileSync('chown', ['-R', 'postgres:postgres', dirs.pg]);
}

function startMonitor() {
  const args = existsSync(pgData('monitor'))
    ? ['run', '--pgdata', pgData('monitor')]
    : ['create', 'monitor', '--pgdata', pgData('monitor'), '--pgport', String(PORTS.monitor), '--hostname', 'localhost', '--auth', 'trust', '--ssl-self-signed', '--run'];
  const [cmd, argv] = asPostgres('pg_autoctl', args);
  startProcess('monitor', cmd, argv, pgEnv(), dirs.pg);
}

/** Starts (or, after a kill, restarts) the keeper of node `name`; a stopped old primary rejoins as a standby. */
export function startNode(name) {
  const args = existsSync(path.join(pgData(`node_${name}`), 'PG_VERSION'))
    ? ['run', '--pgdata', pgData(`node_${name}`)]
    : ['create', 'postgres', '--pgdata', pgData(`node_${name}`), '--pgport', String(PORTS.nodes[name]), '--name', name, '--hostname', 'localhost',
        '--auth', 'trust', '--ssl-self-signed', '--dbname', DB_NAME, '--replication-quorum', 'true', '--monitor', MONITOR_URI, '--run'];
  const [cmd, argv] = asPostgres('pg_autoctl', args);
  startProcess(`node_${name}`, cmd, argv, pgEnv(), dirs.pg);
}

/**
 * Failover settings on the monitor: a node is declared failed after about 3 s of failed health checks instead of
 * 20 s, and the monitor waits 5 s (not 30 s) for an unreachable primary to demote itself before the standby takes
 * writes. Shorter windows mean a shorter outage; the cost is a failover on a shorter hiccup.
 */
function tuneMonitor() {
  const settings = {
    'pgautofailover.health_check_period': 1000,
    'pgautofailover.health_check_timeout': 1000,
    'pgautofailover.health_check_max_retries': 1,
    'pgautofailover.health_check_retry_delay': 500,
    'pgautofailover.node_considered_unhealthy_timeout': 3000,
    'pgautofailover.primary_demote_timeout': 5000,
  };
  for (const [k, v] of Object.entries(settings)) psql(PORTS.monitor, `alter system set ${k} = ${v}`, 'pg_auto_failover');
  psql(PORTS.monitor, 'select pg_reload_conf()', 'pg_auto_failover');
}

/** The nodes as the monitor sees them: name, port, reported and assigned state. */
export function nodeStates() {
  const text = pgAutoctl(['show', 'state', '--pgdata', pgData('monitor'), '--json'], { quiet: true });
  return JSON.parse(text).map((n) => ({
    name: n.nodename,
    port: n.nodeport,
    health: n.health,
    reported: n.current_group_state,
    assigned: n.assigned_group_state,
    lsn: n.reported_lsn,
    tli: n.reported_tli,
  }));
}

export function primaryNode() {
  const states = nodeStates();
  return states.find((n) => n.reported === 'primary' && n.assigned === 'primary')
    ?? states.find((n) => ['primary', 'wait_primary', 'single'].includes(n.reported) && n.reported === n.assigned) ?? null;
}

/** Both nodes settled: one primary, one secondary, synchronous replication on. */
export function healthyPair() {
  const states = nodeStates();
  return states.length === 2
    && states.some((n) => n.reported === 'primary' && n.assigned === 'primary')
    && states.some((n) => n.reported === 'secondary' && n.assigned === 'secondary');
}

/** pg_basebackup waits for a spread checkpoint on the primary; a standby catching up asks for it now. */
export function nudgeCheckpoints() {
  for (const n of nodeStates()) {
    if (n.assigned === 'catchingup' || n.reported === 'wait_standby' || n.reported === 'catchingup') {
      for (const other of nodeStates()) {
        if (other.name !== n.name) try { psql(other.port, 'checkpoint'); } catch { /* not up yet */ }
      }
    }
  }
}

export async function waitHealthyPair(timeoutMs) {
  await waitFor('a primary and a synchronous secondary', () => {
    nudgeCheckpoints();
    return healthyPair();
  }, timeoutMs);
}

/** The postgres postmaster of a node (the first line of postmaster.pid). */
export function postmasterPid(name) {
  try {
    return Number(readFileSync(path.join(pgData(`node_${name}`), 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

// ---- API servers --------------------------------------------------------------------------------------------

function jwtSecret() {
  const file = path.join(RUN, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * Each server has its own DATA_DIR unless CLUSTER_SHARED_DATA_DIR=1 (for builds that still keep uploaded files on
 * disk, where every server must see the same folder).
 */
export function apiDataDir(i) {
  return process.env.CLUSTER_SHARED_DATA_DIR === '1' ? path.join(dirs.api, 'shared') : path.join(dirs.api, String(i + 1));
}

export function startApi(i, extraEnv = {}) {
  const env = {
    ...process.env,
    PORT: String(PORTS.api[i]),
    HOST: '127.0.0.1',
    DATA_DIR: apiDataDir(i),
    DATABASE_URL,
    JWT_SECRET: jwtSecret(),
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
    TRUST_PROXY: 'loopback',
    PUBLIC_URL,
    SEED_DEMO: 'true',
    ...extraEnv,
  };
  delete env.CLINIC_SQL_LOG;
  mkdirSync(env.DATA_DIR, { recursive: true });
  // With the Node options `npm start` uses (apps/api/node-flags.json).
  const flags = JSON.parse(readFileSync(path.join(ROOT, 'apps/api/node-flags.json'), 'utf8'));
  return startProcess(`api_${i + 1}`, process.execPath, [...flags, path.join(ROOT, 'apps/api/dist/server.js')], env);
}

/** Readiness: /api/health/ready where the build has it, else /api/health. */
export async function apiReady(port) {
  for (const p of ['/api/health/ready', '/api/health']) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${p}`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 404) continue;
      return res.ok;
    } catch {
      return false;
    }
  }
  return false;
}

export async function waitApi(i, timeoutMs = 60_000) {
  await waitFor(`API server ${i + 1} on port ${PORTS.api[i]}`, () => apiReady(PORTS.api[i]), timeoutMs);
}

// ---- nginx --------------------------------------------------------------------------------------------------

/** API servers (0-based) taken out of nginx's rotation for a planned restart. */
const outOfRotation = new Set();

function nginxConfig() {
  const n = dirs.nginx;
  const proxyHeaders = `
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;
  return `# Generated by scripts/cluster; see docs/deploy.md.
worker_processes 1;
pid ${n}/nginx.pid;
error_log ${dirs.logs}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format upstream '$time_iso8601 $remote_addr "$request" $status $upstream_addr $upstream_status $request_time';
  access_log ${dirs.logs}/nginx-access.log upstream;
  client_body_temp_path ${n}/tmp/body;
  proxy_temp_path ${n}/tmp/proxy;
  fastcgi_temp_path ${n}/tmp/fastcgi;
  uwsgi_temp_path ${n}/tmp/uwsgi;
  scgi_temp_path ${n}/tmp/scgi;
  client_max_body_size 12m;
  sendfile on;

  gzip on;
  gzip_proxied any;
  gzip_min_length 1024;
  gzip_vary on;
  gzip_types text/plain text/css text/csv application/json application/fhir+json application/javascript text/javascript image/svg+xml;

  # Passive health checks: a server that fails twice within 2 s rests for 2 s. Kept short because a database
  # failover makes every server answer 503 for a few seconds, and they must all be back as soon as it is over.
  # No keep-alive connections to the servers: a server that stops closes its listening socket, the next request's
  # connection is refused and nginx sends it to another server -- even a POST, which was not sent yet. A request
  # written onto a kept-alive connection the stopping server is closing would be answered 503 or lost instead.
  upstream clinic_api {
${PORTS.api.map((p, i) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=2s${outOfRotation.has(i) ? ' down' : ''};`).join('\n')}
  }

  # When nginx itself has no server to ask ("no live upstreams", all resting), the caller gets the API's own
  # retryable answer rather than an HTML 502 page.
  map $http_accept_language $unavailable_message {
    default "${translate('errors.databaseUnavailable', 'en')}";
    "~*^\\s*ar" "${translate('errors.databaseUnavailable', 'ar')}";
  }

  server {
    listen 127.0.0.1:${PORTS.nginx};
    server_name localhost;
    root ${path.join(ROOT, 'apps/web/dist')};

    # The web app: hashed assets cached for good, every other path falls back to index.html (client-side routes).
    location /assets/ {
      expires 1y;
      add_header Cache-Control "public, immutable";
      try_files $uri =404;
    }
    location / {
      add_header Cache-Control "no-cache";
      try_files $uri /index.html;
    }

    location /api/ {
      proxy_pass http://clinic_api;${proxyHeaders}
      # Another server is tried when one is unreachable or answers 502/503 (stopping, draining) -- for idempotent
      # methods only: non_idempotent is deliberately not set, so a POST or PATCH is never sent twice.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 15s;
      proxy_connect_timeout 2s;
      proxy_read_timeout 90s;
      error_page 502 504 = @api_unavailable;
    }

    location @api_unavailable {
      default_type application/json;
      add_header Retry-After 2 always;
      return 503 '{"success":false,"message":{"message":"$unavailable_message","code":"SERVICE_UNAVAILABLE"}}';
    }

    # Server-sent events: passed through as they come, and a quiet stream is not cut.
    location = /api/live {
      proxy_pass http://clinic_api;${proxyHeaders}
      proxy_buffering off;
      proxy_cache off;
      gzip off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
    }

    location = /api/health/ready {
      proxy_pass http://clinic_api;${proxyHeaders}
      access_log off;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

export function startNginx() {
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dirs.nginx, 'tmp', t), { recursive: true });
  const conf = path.join(dirs.nginx, 'nginx.conf');
  writeFileSync(conf, nginxConfig());
  execFileSync(NGINX(), ['-t', '-q', '-p', dirs.nginx, '-c', conf], { stdio: 'inherit' });
  execFileSync(NGINX(), ['-p', dirs.nginx, '-c', conf], { stdio: 'inherit' });
  const pid = Number(readFileSync(path.join(dirs.nginx, 'nginx.pid'), 'utf8').trim());
  writeFileSync(pidFile('nginx'), `${pid}\n`);
}

/** Rewrites nginx's configuration and reloads it: new workers use it, the old ones finish the requests they hold. */
function reloadNginx() {
  const conf = path.join(dirs.nginx, 'nginx.conf');
  writeFileSync(conf, nginxConfig());
  execFileSync(NGINX(), ['-t', '-q', '-p', dirs.nginx, '-c', conf], { stdio: 'inherit' });
  // Its "signal process started" notice is noise; a failure still throws with nginx's message.
  execFileSync(NGINX(), ['-p', dirs.nginx, '-c', conf, '-s', 'reload'], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A planned restart of API server i, as an operator does it: nginx stops sending it requests first (reload with the
 * server marked down), then SIGTERM (it answers what it holds and exits), start, wait until ready, back in rotation.
 * Stopping a server nginx still sends to would reset the connections the kernel had already accepted for it when
 * its listening socket closes; nginx cannot resend such a POST and would answer 503.
 */
export async function restartApiPlanned(i) {
  outOfRotation.add(i);
  reloadNginx();
  await sleep(1000);
  await stopGroup(`api_${i + 1}`, 30_000);
  startApi(i);
  await waitApi(i);
  outOfRotation.delete(i);
  reloadNginx();
}

function stopNginx() {
  const conf = path.join(dirs.nginx, 'nginx.conf');
  if (!alive(readPid('nginx'))) return;
  try {
    execFileSync(NGINX(), ['-p', dirs.nginx, '-c', conf, '-s', 'stop'], { stdio: 'ignore' });
  } catch {
    signalGroup('nginx', 'SIGTERM');
  }
}

// ---- the whole cluster ------------------------------------------------------------------------------------

export function ensureBuilt() {
  const missing = ['apps/api/dist/server.js', 'apps/web/dist/index.html'].filter((f) => !existsSync(path.join(ROOT, f)));
  if (!missing.length) return;
  log(`building (missing ${missing.join(', ')})`);
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
}

export async function up() {
  ensurePackages();
  ensureBuilt();
  prepareRunFolder();
  if (!alive(readPid('monitor'))) {
    log(`monitor on ${PORTS.monitor}`);
    startMonitor();
  }
  await waitFor('the monitor', () => { psql(PORTS.monitor, 'select 1', 'pg_auto_failover'); return true; }, 60_000);
  tuneMonitor();
  for (const name of NODES) {
    if (alive(readPid(`node_${name}`))) continue;
    log(`PostgreSQL node ${name} on ${PORTS.nodes[name]}`);
    startNode(name);
    // The first node must register as primary before the second asks to follow it.
    if (name === NODES[0]) await waitFor(`node ${name}`, () => primaryNode()?.name === name || healthyPair(), 60_000);
  }
  await waitHealthyPair(120_000);
  log(`replication: ${describeSync()}`);
  // The first server applies migrations and seeds the demo organisation alone; the others start after it.
  for (let i = 0; i < PORTS.api.length; i++) {
    if (!alive(readPid(`api_${i + 1}`))) {
      log(`API server ${i + 1} on ${PORTS.api[i]}`);
      startApi(i);
    }
    if (i === 0) await waitApi(0, 120_000);
  }
  await Promise.all(PORTS.api.map((_, i) => waitApi(i, 60_000)));
  if (!alive(readPid('nginx'))) {
    log(`nginx on ${PORTS.nginx}`);
    startNginx();
  }
  await waitFor('nginx', async () => (await fetch(`${PUBLIC_URL}/api/health`)).ok, 20_000);
  log(`up: ${PUBLIC_URL}  (DATABASE_URL=${DATABASE_URL})`);
}

export function describeSync() {
  const p = primaryNode();
  if (!p) return 'no primary';
  return `primary ${p.name}, synchronous_standby_names='${psql(p.port, 'show synchronous_standby_names')}', synchronous_commit=${psql(p.port, 'show synchronous_commit')}`;
}

export async function down({ keep = false } = {}) {
  stopNginx();
  await Promise.all(PORTS.api.map((_, i) => stopGroup(`api_${i + 1}`)));
  // Standby first, then the primary, then the monitor: no failover is started by the shutdown itself.
  let order = [...NODES];
  try {
    const p = primaryNode();
    if (p) order = [...NODES.filter((n) => n !== p.name), p.name];
  } catch { /* monitor already gone */ }
  for (const name of order) await stopGroup(`node_${name}`, 20_000);
  await stopGroup('monitor', 20_000);
  if (!keep) rmSync(RUN, { recursive: true, force: true });
  log(keep ? `stopped (files kept in ${RUN})` : 'stopped and removed');
}

export async function status() {
  const rows = [];
  rows.push(['monitor', PORTS.monitor, alive(readPid('monitor')) ? 'running' : 'stopped']);
  let states = [];
  try { states = nodeStates(); } catch { /* monitor down */ }
  for (const name of NODES) {
    const s = states.find((n) => n.name === name);
    rows.push([`postgres ${name}`, PORTS.nodes[name], alive(readPid(`node_${name}`)) ? `running${s ? ` (${s.reported} -> ${s.assigned})` : ''}` : 'stopped']);
  }
  for (let i = 0; i < PORTS.api.length; i++) {
    const up = alive(readPid(`api_${i + 1}`));
    rows.push([`api ${i + 1}`, PORTS.api[i], up ? ((await apiReady(PORTS.api[i])) ? 'ready' : 'running, not ready') : 'stopped']);
  }
  rows.push(['nginx', PORTS.nginx, alive(readPid('nginx')) ? 'running' : 'stopped']);
  for (const [what, port, state] of rows) process.stdout.write(`${String(what).padEnd(12)} ${String(port).padEnd(6)} ${state}\n`);
  try { process.stdout.write(`replication: ${describeSync()}\n`); } catch { /* down */ }
  process.stdout.write(`run folder: ${RUN}\n`);
}
