// npm run soak -- [--database-url URL] [--clients 100] [--duration 60]
//
// Holds many concurrent clients on mixed read and write traffic against the production server (embedded database in
// a fresh temporary folder with the demo organisation, or a PostgreSQL URL), then checks: no 5xx, every write that
// was answered 2xx is found afterwards, and the server's memory at the start and the end. Stops by itself.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, root, rssMb, startServer, stopServer } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { clients: '100', duration: '60' });
const clients = Number(args.clients);
const seconds = Number(args.duration);
const databaseUrl = typeof args.databaseUrl === 'string' ? args.databaseUrl : undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-soak-'));
const { base, child } = await startServer({ dataDir, databaseUrl, env: { SEED_DEMO: 'true' } });

async function call(method, url, token, body) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const login = await call('POST', '/api/auth/login', null, { email: 'admin', password: 'Demo@1234' });
if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
const token = login.json.data.accessToken;
const patients = (await call('GET', '/api/patients?limit=30', token)).json.data;
const rssStart = rssMb(child.pid);

const stats = { requests: 0, byStatus: {}, fiveXx: 0, writes: 0, reads: 0, networkErrors: 0 };
const written = { patients: [], notes: [] };
let seq = 0;
const runId = Date.now().toString(36);

function patientBody(i) {
  return {
    name: `Soak Patient ${i}`.slice(0, 30), identity: `SOAK-${runId}-${i}`, phone: `05${String(10000000 + i).slice(-8)}`,
    dateOfBirth: '1985-04-12', gender: i % 2 ? 'female' : 'male', nationality: 'Saudi', marital_status: 'Single',
    blood_type: 'O+', address: 'King Fahd Road, Riyadh', Smoking: false, professiona_experi: 'Teacher',
  };
}

const actions = [
  { weight: 30, kind: 'read', run: () => call('GET', `/api/patients?search=${['a', 'mo', 'sa', 'al'][seq % 4]}`, token) },
  { weight: 20, kind: 'read', run: () => call('GET', `/api/patients/${patients[seq % patients.length]._id}`, token) },
  { weight: 15, kind: 'read', run: () => call('GET', '/api/appointments?status=scheduled', token) },
  { weight: 10, kind: 'read', run: () => call('GET', '/api/employees?employeeType=Doctor', token) },
  {
    weight: 15, kind: 'write', run: async () => {
      const i = ++seq;
      const r = await call('POST', '/api/patients', token, patientBody(i));
      if (r.status < 300) written.patients.push(r.json.data._id);
      return r;
    },
  },
  {
    weight: 10, kind: 'write', run: async () => {
      const p = patients[seq++ % patients.length];
      const body = `Soak note ${runId} ${seq}`;
      const r = await call('POST', `/api/patients/${p._id}/notes`, token, { body });
      if (r.status < 300) written.notes.push({ patient: p._id, body });
      return r;
    },
  },
];
const total = actions.reduce((a, b) => a + b.weight, 0);
function pick() {
  let n = Math.random() * total;
  for (const a of actions) if ((n -= a.weight) < 0) return a;
  return actions[0];
}

console.log(`Soak: ${clients} clients for ${seconds}s on ${databaseUrl ? 'PostgreSQL' : 'the embedded database'}; RSS at start ${rssStart} MB`);
const end = Date.now() + seconds * 1000;
const samples = [];
const sampler = setInterval(() => samples.push(rssMb(child.pid)), 5000);
await Promise.all(Array.from({ length: clients }, async () => {
  while (Date.now() < end) {
    const action = pick();
    try {
      const r = await action.run();
      stats.requests++;
      stats[action.kind === 'write' ? 'writes' : 'reads']++;
      stats.byStatus[r.status] = (stats.byStatus[r.status] ?? 0) + 1;
      if (r.status >= 500) stats.fiveXx++;
    } catch {
      stats.networkErrors++;
    }
  }
}));
clearInterval(sampler);
const rssEnd = rssMb(child.pid);

// Every acknowledged write must be there.
let lostPatients = 0;
for (const id of written.patients) if ((await call('GET', `/api/patients/${id}`, token)).status !== 200) lostPatients++;
let lostNotes = 0;
const notesByPatient = new Map();
for (const n of written.notes) {
  if (!notesByPatient.has(n.patient)) {
    const d = (await call('GET', `/api/patients/${n.patient}`, token)).json.data;
    notesByPatient.set(n.patient, new Set((d.notes ?? []).map((x) => x.body)));
  }
  if (!notesByPatient.get(n.patient).has(n.body)) lostNotes++;
}
await stopServer(child);
rmSync(dataDir, { recursive: true, force: true });

const report = {
  database: databaseUrl ? 'postgres' : 'pglite', clients, seconds, requests: stats.requests, rps: Math.round(stats.requests / seconds),
  reads: stats.reads, writes: stats.writes, byStatus: stats.byStatus, fiveXx: stats.fiveXx, networkErrors: stats.networkErrors,
  acknowledgedWrites: written.patients.length + written.notes.length, lostWrites: lostPatients + lostNotes,
  rssStartMb: rssStart, rssEndMb: rssEnd, rssSamplesMb: samples,
};
console.log(JSON.stringify(report, null, 2));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results', `soak-${report.database}.json`), JSON.stringify(report, null, 2) + '\n');
if (report.fiveXx || report.lostWrites || report.networkErrors) process.exitCode = 1;
