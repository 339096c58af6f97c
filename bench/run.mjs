// npm run bench -- --tier clinic|network [--database-url URL] [--duration S] [--connections N] [--sql-duration S] [--no-web]
//   [--open-connections N] [--label run1] [--only TEXT]
//   --only TEXT: only the read scenarios whose name contains TEXT (no bookings, no web budgets; results not written)
//   --label L: results go to bench/results/<tier>-<db>.L.json (and .L.details.json), so runs are kept side by side
//   --only-writes: only booking and cancelling (no reads, no SQL ceiling, no web budgets; results not written)
//   --cpu-prof DIR: the measured server writes a CPU profile into DIR when it stops (node --cpu-prof)
//
// Starts the production server on the chosen database (the embedded one in bench/.data by default, seeded on first
// use), warms it up and drives one scenario at a time over loopback: first at saturation (autocannon, closed loop,
// `--connections`), then at half that rate offered on a fixed schedule (open loop, lib/open-loop.mjs, latency from each
// request's scheduled time). For each read scenario it also replays the exact SQL the server ran for one such request
// straight through the database driver at the same concurrency (the ceiling), and measures an HTTP floor. Prints one
// table with each scenario against its target and writes bench/results/<tier>-<db>.json.
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { cpuMeter, cpuMs, parseArgs, root, rssMb, serverJs, startServer, stopServer } from './lib/server.mjs';
import { BENCH_ADMIN, TIERS } from './lib/tiers.mjs';
import { ensureSeeded, openBenchDatabase } from './lib/data.mjs';
import { webBudgets } from './lib/web.mjs';
import { openLoop } from './lib/open-loop.mjs';
import { readScenarios } from './lib/scenarios.mjs';
import { bookingScenarios, doubleBookingCounter } from './lib/booking.mjs';
import { judge, loadLabel, machineLoad, printTable, writeResults } from './lib/report.mjs';

// autocannon reports fixed percentiles (…, 90, 97.5, 99); add the 95th to the same histogram summary.
const percentiles = createRequire(import.meta.resolve('autocannon'))('hdr-histogram-percentiles-obj').percentiles;
if (!percentiles.includes(95)) { percentiles.push(95); percentiles.sort((a, b) => a - b); }

const args = parseArgs(process.argv.slice(2), { tier: 'clinic', duration: '10', connections: '32', openConnections: '64' });
const tier = String(args.tier);
if (!TIERS[tier]) throw new Error(`--tier must be one of ${Object.keys(TIERS).join(', ')}`);
const duration = Number(args.duration);
const connections = Number(args.connections);
const openConnections = Number(args.openConnections);
const label = typeof args.label === 'string' ? args.label.replace(/[^A-Za-z0-9_-]/g, '') : null;
// The ceiling's replay has no HTTP to warm or settle: five seconds at the same concurrency give a steady rate.
const sqlDuration = Number(args.sqlDuration ?? Math.min(duration, 5));
const databaseUrl = typeof args.databaseUrl === 'string' ? args.databaseUrl : undefined;
const dbKind = databaseUrl ? 'postgres' : 'pglite';
if (!existsSync(serverJs)) throw new Error('Build first: npm run build');

const loadAtStart = machineLoad();
const dataDir = path.join(root, 'bench/.data', `${tier}-${dbKind}`);
mkdirSync(dataDir, { recursive: true });
console.log(`Clinic benchmark: tier ${tier}, ${dbKind}, ${connections} connections, ${duration}s per scenario, ${os.cpus().length} cores${label ? `, run ${label}` : ''}`);
console.log(`At start: ${loadAtStart.uptime}`);
const seedInfo = await ensureSeeded({ tier, dataDir, databaseUrl });

async function request(base, token, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json.message)}`);
  return json;
}
const signIn = async (base) => (await request(base, null, 'POST', '/api/auth/login', { email: BENCH_ADMIN.username, password: BENCH_ADMIN.password })).data.accessToken;

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections, duration, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/**
 * Waits (at most 20 minutes) until the server's job runner has worked off every job already due: the follow-ups of
 * an earlier run's bookings and cancellations would otherwise run beside this run's measurements. Woken through the
 * runners' channel rather than left to their next poll. PostgreSQL only (an embedded database is the server's own).
 */
async function drainJobs(url) {
  if (!url) return null;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const due = async () => (await client.query(`select count(*)::int as n from jobs where state in ('queued', 'running') and run_at <= now()`)).rows[0].n;
  try {
    const t0 = performance.now();
    const atStart = await due();
    let left = atStart;
    if (left) {
      console.log(`Jobs: ${left} due from earlier runs; waiting for the server's runner to work them off`);
      const { JOBS_CHANNEL } = await import(path.join(root, 'apps/api/dist/modules/jobs/jobs.repository.js'));
      await client.query('select pg_notify($1, $2)', [JOBS_CHANNEL, '']);
      for (let i = 0; i < 1200 && left > 0; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        left = await due();
      }
    }
    const seconds = Math.round((performance.now() - t0) / 1000);
    if (atStart) console.log(`Jobs: ${atStart - left} worked off in ${seconds} s${left ? `, ${left} still due (measured beside them)` : ''}`);
    return { dueAtStart: atStart, stillDue: left, seconds };
  } finally {
    await client.end();
  }
}

/** A saturation run (autocannon, closed loop) with the CPU time each process spent per request. */
async function measured(opts) {
  const perRequest = cpuMeter(server.child.pid, dbKind === 'postgres');
  const result = await cannon(opts);
  result.cpuPerRequest = perRequest(result.requests.total);
  return result;
}

/** An open-loop run at a fixed offered rate, with the CPU time per request. */
async function measuredOpen(opts) {
  const perRequest = cpuMeter(server.child.pid, dbKind === 'postgres');
  const result = await openLoop({ base: server.base, seconds: duration, connections: openConnections, ...opts });
  return { ...result, cpu: perRequest(result.requests) };
}

// ---- 1. Capture the SQL of one request per scenario, with statement logging on.
const sqlLog = path.join(os.tmpdir(), `clinic-bench-sql-${process.pid}.jsonl`);
let server = await startServer({ dataDir, databaseUrl, env: { CLINIC_SQL_LOG: sqlLog } });
// A run that fails part-way leaves no server behind.
process.on('exit', () => { if (server.child.exitCode === null) server.child.kill('SIGKILL'); });
const token = await signIn(server.base);
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const only = typeof args.only === 'string' ? args.only : null;
const allReads = await readScenarios({ api: (method, url, body) => request(server.base, token, method, url, body), tier, seedInfo });
const onlyWrites = Boolean(args.onlyWrites);
const reads = onlyWrites ? [] : only ? allReads.filter((s) => s.name.includes(only)) : allReads;
for (const s of reads) {
  // What one request runs in steady state: a first request warms the server (the caller's cached permissions).
  await (await fetch(server.base + s.path, { headers: auth })).arrayBuffer();
  writeFileSync(sqlLog, '');
  const res = await fetch(server.base + s.path, { headers: auth });
  if (!res.ok) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  // The statements of that one request: read before the next request, whose statements would otherwise be
  // replayed with them as if one request had run both.
  s.statements = readFileSync(sqlLog, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  // The answer's size on the wire, as the scenario asks for it (compressed when it accepts an encoding).
  const wire = await fetch(server.base + s.path, { headers: { ...auth, ...(s.headers ?? {}) } });
  s.bytes = Number(wire.headers.get('content-length')) || (await wire.arrayBuffer()).byteLength;
}
await stopServer(server.child);
rmSync(sqlLog, { force: true });

// ---- 2. HTTP measurements, without statement logging.
server = await startServer({ dataDir, databaseUrl, nodeArgs: typeof args.cpuProf === 'string' ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.cpuProf)}`] : [] });
const drained = await drainJobs(databaseUrl);
const token2 = await signIn(server.base);
const headers = { authorization: `Bearer ${token2}`, 'content-type': 'application/json' };
const results = [];
let peakRss = 0;
function record(name, r, extra = {}) {
  const rss = rssMb(server.child.pid);
  peakRss = Math.max(peakRss, rss ?? 0);
  const row = {
    scenario: name,
    p50_ms: r.latency.p50,
    p95_ms: r.latency.p95,
    p99_ms: r.latency.p99,
    rps: Math.round(r.requests.average),
    ratio_to_sql: null,
    rss_mb: rss,
    errors: r.errors + r.non2xx,
    ...r.cpuPerRequest,
    ...extra,
  };
  results.push(row);
  console.log(`  ${name.padEnd(44)} saturation: p50 ${String(row.p50_ms).padStart(5)} ms  p95 ${String(row.p95_ms).padStart(5)} ms  ${String(row.rps).padStart(6)} req/s  ${row.errors ? `${row.errors} errors` : ''}`);
  return row;
}
/** Adds the open-loop figures to a row. */
function recordOpen(row, open) {
  const { cpu, ...figures } = open;
  row.open = { ...figures, server_cpu_ms: cpu.server_cpu_ms, db_cpu_ms: cpu.db_cpu_ms, load_cpu_ms: cpu.load_cpu_ms };
  const held = open.achieved_rps >= 0.95 * open.offered_rps;
  console.log(`  ${''.padEnd(44)} half rate:  p50 ${String(open.p50_ms).padStart(5)} ms  p95 ${String(open.p95_ms).padStart(5)} ms  p99 ${String(open.p99_ms).padStart(5)} ms  ${open.achieved_rps}/${open.offered_rps} req/s${held ? '' : ' (rate not held)'}  ${open.errors ? `${open.errors} errors` : ''}`);
}

/**
 * Waits until the server is idle (at most a fifth of a core busy) and answers its health check and a signed-in request
 * quickly again: the slow requests of a previous scenario are done.
 */
async function settle() {
  // The server's own CPU first: requests a load generator gave up on may still be running (sign-in's hashes).
  for (let i = 0; i < 600; i++) {
    const before = cpuMs([server.child.pid]);
    await new Promise((r) => setTimeout(r, 200));
    if (cpuMs([server.child.pid]) - before <= 40) break;
  }
  for (let i = 0; i < 600; i++) {
    const t0 = performance.now();
    await fetch(`${server.base}/api/health`);
    await (await fetch(`${server.base}/api/clinics?limit=1`, { headers })).arrayBuffer();
    if (performance.now() - t0 < 100) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

console.log('\nHTTP: saturation (closed loop), then half that rate (open loop)');
if (!onlyWrites) {
  record('HTTP floor (health)', await measured({ url: `${server.base}/api/health` }));
  await settle();
  record('sign-in', await measured({
    url: `${server.base}/api/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN.username, password: BENCH_ADMIN.password }),
  }));
  // The server is still hashing the sign-ins the load generator gave up on: one more sign-in queues behind them, so its
  // answer says they are done.
  await signIn(server.base);
}
for (const s of reads) {
  const h = { ...headers, ...(s.headers ?? {}) };
  await settle();
  await cannon({ url: server.base + s.path, headers: h, duration: 2, connections: 4 }); // warm-up
  await settle();
  s.row = record(s.name, await measured({ url: server.base + s.path, headers: h }), { bytes: s.bytes, target: s.target });
  await settle();
  // Half the saturation rate (nothing to offer when the saturation run served nothing: its errors say why).
  if (s.row.rps > 0) recordOpen(s.row, await measuredOpen({ rate: s.row.rps / 2, request: () => ({ path: s.path, headers: h }) }));
}
await settle();

if (!only) {
  const row = await bookingScenarios({
    base: server.base, token: token2, headers, tier, connections, cannon, record,
    measureCannon: measured,
    measureOpen: async (opts) => { await settle(); return measuredOpen(opts); },
    countDoubleBookings: doubleBookingCounter(databaseUrl),
    api: (method, url, body) => request(server.base, token2, method, url, body),
  });
  if (row.open) recordOpen(row, row.open);
}
// The bookings' follow-ups (reminders, bells, waitlist offers, webhooks) are worked off before the server stops, so
// the next run starts with none due.
const drainedAfter = only ? null : await drainJobs(databaseUrl);
await stopServer(server.child);

// ---- 3. The SQL ceiling: the same statements through the driver, same concurrency, no HTTP.
console.log('\nSQL ceiling');
const db = await openBenchDatabase({ dataDir, databaseUrl, poolSize: connections });
for (const s of reads) {
  s.row.sql_statements = s.statements.length;
  if (!s.statements.length) {
    // Answered from a kept answer without asking the database: there is no SQL to hold it against.
    console.log(`  ${s.name.padEnd(44)} no statements (answered from a kept answer)`);
    continue;
  }
  const ceiling = await replay(db, s.statements, connections, sqlDuration);
  s.row.sql_rps = ceiling.rps;
  s.row.sql_p95_ms = ceiling.p95;
  if (ceiling.errors) s.row.sql_errors = ceiling.errors;
  s.row.ratio_to_sql = ceiling.rps ? Number((s.row.rps / ceiling.rps).toFixed(2)) : null;
  console.log(`  ${s.name.padEnd(44)} p95 ${String(ceiling.p95).padStart(5)} ms  ${String(ceiling.rps).padStart(6)} req/s${ceiling.errors ? `  (${ceiling.errors} statements failed: ${ceiling.firstError})` : ''}`);
}
await db.close();

async function replay(database, statements, workers, seconds) {
  const latencies = [];
  let errors = 0;
  let firstError = null;
  const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      for (const st of statements) {
        // A statement that cannot run twice (a row it inserts with a given key) is counted, not fatal.
        try {
          await database.query(st.sql, st.params);
        } catch (err) {
          errors++;
          firstError ??= String(err.message ?? err).slice(0, 120);
        }
      }
      latencies.push(performance.now() - t0);
    }
  }));
  latencies.sort((a, b) => a - b);
  const pct = (p) => Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(1));
  return { rps: Math.round(latencies.length / seconds), p95: pct(0.95), errors, firstError };
}

// ---- 4. Web budgets (bundle sizes, calendar render, Lighthouse).
const web = args.noWeb || only || onlyWrites ? { skipped: true } : await webBudgets({ dataDir, databaseUrl }).catch((err) => ({ error: String(err.message ?? err) }));

// ---- 5. Report.
const loadAtEnd = machineLoad();
const machine = { start: loadAtStart, end: loadAtEnd, label: loadLabel(loadAtStart, loadAtEnd), cores: os.cpus().length };
for (const r of results) r.met = judge(r);
printTable(results, `\nResults: tier ${tier}, ${dbKind}, ${connections} connections (half rate: up to ${openConnections}), machine ${machine.label}, seed: ${JSON.stringify(seedInfo)}`);
console.log(`At end: ${loadAtEnd.uptime}`);
console.log('Web:', JSON.stringify(web, null, 2));
if (only || onlyWrites) process.exit(0);
const out = writeResults({
  tier, dbKind, label, rows: results,
  details: {
    tier, database: dbKind, label, connections, openConnections, duration, machine, seed: seedInfo, peakRssMb: peakRss,
    jobs: { beforeReads: drained, afterWrites: drainedAfter }, results, web,
  },
});
console.log(`Written ${path.relative(root, out)}`);
