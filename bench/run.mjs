// npm run bench -- --tier clinic|network [--database-url URL] [--duration S] [--connections N] [--sql-duration S] [--no-web]
//   [--only TEXT]: only the read scenarios whose name contains TEXT (no bookings, no web budgets; results not written)
//   [--only-writes]: only booking and cancelling (no reads, no SQL ceiling, no web budgets; results not written)
//   [--cpu-prof DIR]: the measured server writes a CPU profile into DIR when it stops (node --cpu-prof)
//
// Starts the production server on the chosen database (the embedded one in bench/.data by default, seeded on first
// use), warms it up and drives one scenario at a time with autocannon over loopback. For each read scenario it also
// replays the exact SQL the server ran for one such request straight through the database driver at the same
// concurrency (the ceiling), and measures an HTTP floor. Prints one table and writes bench/results/<tier>-<db>.json.
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { cpuMs, cpuMsByPid, cpuMsSince, parseArgs, postgresPids, root, rssMb, serverJs, startServer, stopServer } from './lib/server.mjs';
import { BENCH_ADMIN, FREE_FROM_DAY, FREE_TO_DAY, TIERS } from './lib/tiers.mjs';
import { ensureSeeded, openBenchDatabase } from './lib/data.mjs';
import { bookingSlots } from './lib/slots.mjs';
import { webBudgets } from './lib/web.mjs';

// autocannon reports fixed percentiles (…, 90, 97.5, 99); add the 95th to the same histogram summary.
const percentiles = createRequire(import.meta.resolve('autocannon'))('hdr-histogram-percentiles-obj').percentiles;
if (!percentiles.includes(95)) { percentiles.push(95); percentiles.sort((a, b) => a - b); }

const args = parseArgs(process.argv.slice(2), { tier: 'clinic', duration: '10', connections: '32' });
const tier = String(args.tier);
if (!TIERS[tier]) throw new Error(`--tier must be one of ${Object.keys(TIERS).join(', ')}`);
const duration = Number(args.duration);
const connections = Number(args.connections);
// The ceiling's replay has no HTTP to warm or settle: five seconds at the same concurrency give a steady rate.
const sqlDuration = Number(args.sqlDuration ?? Math.min(duration, 5));
const databaseUrl = typeof args.databaseUrl === 'string' ? args.databaseUrl : undefined;
const dbKind = databaseUrl ? 'postgres' : 'pglite';
if (!existsSync(serverJs)) throw new Error('Build first: npm run build');

const dataDir = path.join(root, 'bench/.data', `${tier}-${dbKind}`);
mkdirSync(dataDir, { recursive: true });
console.log(`Clinic benchmark: tier ${tier}, ${dbKind}, ${connections} connections, ${duration}s per scenario, ${os.cpus().length} cores`);
const seedInfo = await ensureSeeded({ tier, dataDir, databaseUrl });

async function api(base, token, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json.message)}`);
  return json;
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections, duration, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/**
 * A measured run, with the CPU time each process spent per request: the server, the database server (when it runs on
 * this machine; the embedded one runs inside the server) and the load generator (this process). On a machine whose
 * cores all three share, their sum is what bounds requests per second.
 */
async function measured(opts) {
  const before = { server: cpuMs([server.child.pid]), db: cpuMsByPid(dbKind === 'postgres' ? postgresPids() : []), load: process.cpuUsage() };
  const result = await cannon(opts);
  const n = Math.max(1, result.requests.total);
  const load = process.cpuUsage(before.load);
  const dbPids = dbKind === 'postgres' ? postgresPids() : [];
  result.cpuPerRequest = {
    server_cpu_ms: Number(((cpuMs([server.child.pid]) - before.server) / n).toFixed(3)),
    db_cpu_ms: dbPids.length ? Number((cpuMsSince(before.db, dbPids) / n).toFixed(3)) : null,
    load_cpu_ms: Number(((load.user + load.system) / 1000 / n).toFixed(3)),
  };
  return result;
}

// ---- 1. Capture the SQL of one request per scenario, with statement logging on.
const sqlLog = path.join(os.tmpdir(), `clinic-bench-sql-${process.pid}.jsonl`);
let server = await startServer({ dataDir, databaseUrl, env: { CLINIC_SQL_LOG: sqlLog } });
const login = await api(server.base, null, 'POST', '/api/auth/login', { email: BENCH_ADMIN.username, password: BENCH_ADMIN.password });
const token = login.data.accessToken;
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

// Ids the scenarios use, found through the API like a client would.
const somePatient = (await api(server.base, token, 'GET', '/api/patients?limit=5&page=3')).data[0];
const clinic = (await api(server.base, token, 'GET', '/api/clinics?limit=5')).data[0];
const namePart = somePatient.name.split(' ')[0].slice(0, 4);
const dob = somePatient.dateOfBirth ?? (await api(server.base, token, 'GET', `/api/patients/${somePatient._id}`)).data.dateOfBirth;
const weekStart = new Date(Date.now() - 3 * 86_400_000);
const weekEnd = new Date(weekStart.getTime() + 7 * 86_400_000);
const today = new Date().toISOString().slice(0, 10);
/** The day `days` before today (YYYY-MM-DD). */
const monthAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const deepPage = Math.min(500, Math.max(1, Math.floor(TIERS[tier].patients / 10) - 1));

const only = typeof args.only === 'string' ? args.only : null;
const onlyWrites = Boolean(args.onlyWrites);
const allReads = [
  { name: 'patients: search by name', path: `/api/patients?search=${encodeURIComponent(namePart)}` },
  { name: 'patients: date-of-birth filter', path: `/api/patients?dateOfBirth=${dob}` },
  { name: `patients: deep page (${deepPage})`, path: `/api/patients?page=${deepPage}` },
  { name: 'patient details', path: `/api/patients/${somePatient._id}` },
  { name: 'employees: doctors', path: '/api/employees?employeeType=Doctor' },
  { name: 'clinics list', path: '/api/clinics' },
  { name: 'calendar: clinic week', path: `/api/appointments?clinic=${clinic._id}&from=${encodeURIComponent(weekStart.toISOString())}&to=${encodeURIComponent(weekEnd.toISOString())}` },
  // What the week and day views ask for: lean cards, compressed as a browser accepts them.
  {
    name: 'calendar: clinic week, cards (gzip)',
    path: `/api/appointments?clinic=${clinic._id}&from=${encodeURIComponent(weekStart.toISOString())}&to=${encodeURIComponent(weekEnd.toISOString())}&view=calendar`,
    headers: { 'accept-encoding': 'gzip' },
  },
  { name: 'appointments: status and date', path: `/api/appointments?status=completed&date=${today}` },
  // The dashboard's default view (this week) and its widest common one (a month), for a clinic and for the company.
  { name: 'dashboard: clinic, this week', path: `/api/dashboard?clinic=${clinic._id}&from=${monthAgo(6)}&to=${today}` },
  { name: 'dashboard: clinic, 30 days', path: `/api/dashboard?clinic=${clinic._id}&from=${monthAgo(29)}&to=${today}` },
  { name: 'dashboard: company, 30 days', path: `/api/dashboard?from=${monthAgo(29)}&to=${today}` },
];
const reads = onlyWrites ? [] : only ? allReads.filter((s) => s.name.includes(only)) : allReads;
for (const s of reads) {
  // What one request runs in steady state: a first request warms the server (the caller's cached permissions).
  await (await fetch(server.base + s.path, { headers: auth })).arrayBuffer();
  writeFileSync(sqlLog, '');
  const res = await fetch(server.base + s.path, { headers: auth });
  if (!res.ok) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
  // The answer's size on the wire, as the scenario asks for it (compressed when it accepts an encoding).
  const wire = await fetch(server.base + s.path, { headers: { ...auth, ...(s.headers ?? {}) } });
  s.bytes = Number(wire.headers.get('content-length')) || (await wire.arrayBuffer()).byteLength;
  s.statements = readFileSync(sqlLog, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}
await stopServer(server.child);
rmSync(sqlLog, { force: true });

// ---- 2. HTTP measurements, without statement logging.
server = await startServer({ dataDir, databaseUrl, nodeArgs: typeof args.cpuProf === 'string' ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.cpuProf)}`] : [] });
const token2 = (await api(server.base, null, 'POST', '/api/auth/login', { email: BENCH_ADMIN.username, password: BENCH_ADMIN.password })).data.accessToken;
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
  console.log(`  ${name.padEnd(34)} p50 ${String(row.p50_ms).padStart(5)} ms  p95 ${String(row.p95_ms).padStart(5)} ms  ${String(row.rps).padStart(6)} req/s  ${row.errors ? `${row.errors} errors` : ''}`);
  return row;
}

/** Waits until the server answers its health check quickly again (slow requests of a previous scenario done). */
async function settle() {
  for (let i = 0; i < 600; i++) {
    const t0 = performance.now();
    await fetch(`${server.base}/api/health`);
    if (performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

console.log('\nHTTP');
if (!onlyWrites) {
record('HTTP floor (health)', await measured({ url: `${server.base}/api/health` }));
await settle();
record('sign-in', await measured({
  url: `${server.base}/api/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: BENCH_ADMIN.username, password: BENCH_ADMIN.password }),
}));
}
for (const s of reads) {
  await settle();
  await cannon({ url: server.base + s.path, headers: { ...headers, ...(s.headers ?? {}) }, duration: 2, connections: 4 }); // warm-up
  await settle();
  s.row = record(s.name, await measured({ url: server.base + s.path, headers: { ...headers, ...(s.headers ?? {}) } }), { bytes: s.bytes });
}
await settle();

if (!only) {
// Bookings: every request takes a free slot (distinct doctor-time and patient); then cancel what was booked.
const slots = await bookingSlots({ base: server.base, token: token2, tier, fromDay: FREE_FROM_DAY, toDay: FREE_TO_DAY });
let next = 0;
const booked = [];
const refused = new Map();
const bookingResult = await measured({
  url: `${server.base}/api/appointments`, method: 'POST', headers,
  requests: [{
    setupRequest: (req) => ({ ...req, body: JSON.stringify(slots[next++ % slots.length]) }),
    onResponse: (status, body) => {
      if (status === 201 || status === 200) booked.push(JSON.parse(body).data._id);
      else refused.set(`${status} ${JSON.parse(body).message?.code}`, (refused.get(`${status} ${JSON.parse(body).message?.code}`) ?? 0) + 1);
    },
  }],
});
record('booking an appointment', bookingResult, { booked: booked.length, slots: slots.length, refused: Object.fromEntries(refused) });
if (refused.size) console.log('  refused bookings:', Object.fromEntries(refused));
let c = 0;
record('cancelling an appointment', await measured({
  url: `${server.base}/api/appointments`, method: 'PATCH', headers, amount: Math.max(1, booked.length),
  // A booking just made is at version 1: the cancellation is based on it, as a screen showing it would send.
  requests: [{ setupRequest: (req) => ({ ...req, path: `/api/appointments/${booked[c++ % booked.length]}`, body: JSON.stringify({ status: 'cancelled', cancellationReason: 'Benchmark', version: 1 }) }) }],
}));
// Whatever the cancel run did not reach (autocannon may prepare a request it never sends) is cancelled one by one,
// so the next run finds its slots free again.
for (;;) {
  const left = (await api(server.base, token2, 'GET', '/api/appointments?status=scheduled&search=Benchmark%20booking&limit=30')).data;
  if (!left.length) break;
  for (const a of left) await api(server.base, token2, 'PATCH', `/api/appointments/${a._id}`, { status: 'cancelled', cancellationReason: 'Benchmark', version: a.version });
}
}
await stopServer(server.child);

// ---- 3. The SQL ceiling: the same statements through the driver, same concurrency, no HTTP.
console.log('\nSQL ceiling');
const db = await openBenchDatabase({ dataDir, databaseUrl, poolSize: connections });
for (const s of reads) {
  const ceiling = await replay(db, s.statements, connections, sqlDuration);
  s.row.sql_rps = ceiling.rps;
  s.row.sql_p95_ms = ceiling.p95;
  s.row.ratio_to_sql = ceiling.rps ? Number((s.row.rps / ceiling.rps).toFixed(2)) : null;
  console.log(`  ${s.name.padEnd(34)} p95 ${String(ceiling.p95).padStart(5)} ms  ${String(ceiling.rps).padStart(6)} req/s`);
}
await db.close();

async function replay(database, statements, workers, seconds) {
  const latencies = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      for (const st of statements) await database.query(st.sql, st.params);
      latencies.push(performance.now() - t0);
    }
  }));
  latencies.sort((a, b) => a - b);
  const pct = (p) => Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(1));
  return { rps: Math.round(latencies.length / seconds), p95: pct(0.95) };
}

// ---- 4. Web budgets (bundle sizes, calendar render, Lighthouse).
const web = args.noWeb || only || onlyWrites ? { skipped: true } : await webBudgets({ dataDir, databaseUrl }).catch((err) => ({ error: String(err.message ?? err) }));

// ---- 5. Report.
console.log(`\nResults: tier ${tier}, ${dbKind}, ${connections} connections, seed: ${JSON.stringify(seedInfo)}`);
console.table(results.map((r) => ({ scenario: r.scenario, 'p50 ms': r.p50_ms, 'p95 ms': r.p95_ms, 'p99 ms': r.p99_ms, 'req/s': r.rps, 'ratio to SQL': r.ratio_to_sql ?? '', 'RSS MB': r.rss_mb, 'bytes': r.bytes ?? '',
  'CPU ms/req: server': r.server_cpu_ms, 'database': r.db_cpu_ms ?? 'in server', 'load': r.load_cpu_ms })));
console.log('Web:', JSON.stringify(web, null, 2));
if (only || onlyWrites) process.exit(0);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const out = path.join(root, 'bench/results', `${tier}-${dbKind}.json`);
writeFileSync(out, JSON.stringify(results.map(({ scenario, p50_ms, p95_ms, p99_ms, rps, ratio_to_sql, rss_mb, bytes }) => ({ scenario, p50_ms, p95_ms, p99_ms, rps, ratio_to_sql, rss_mb, ...(bytes ? { bytes } : {}) })), null, 2) + '\n');
writeFileSync(out.replace(/\.json$/, '.details.json'), JSON.stringify({ tier, database: dbKind, connections, duration, seed: seedInfo, peakRssMb: peakRss, results, web }, null, 2) + '\n');
console.log(`Written ${path.relative(root, out)}`);
