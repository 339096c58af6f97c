// npm run bench:imports -w @clinic/bench -- [--tier clinic] [--database-url URL] [--rows 50000]
// Imports generated patients through the API path a user takes: the upload with its dry run over every row
// (POST /api/imports), then the import as a job (POST /api/imports/:id/start), polled until done as the progress
// bar does. Reports the seconds of each step and the server's resident memory (sampled every 200 ms, and its
// high-water mark).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureSeeded } from './lib/data.mjs';
import { memoryMb, parseArgs, root, startServer, stopServer } from './lib/server.mjs';
import { BENCH_ADMIN, TIERS } from './lib/tiers.mjs';

const args = parseArgs(process.argv.slice(2), { tier: 'clinic', rows: 50_000 });
const tier = String(args.tier);
if (!TIERS[tier]) throw new Error(`--tier must be one of ${Object.keys(TIERS).join(', ')}`);
const rows = Number(args.rows);
const databaseUrl = typeof args.databaseUrl === 'string' ? args.databaseUrl : undefined;
const dataDir = path.join(root, 'bench/.data', `${tier}-${databaseUrl ? 'postgres' : 'pglite'}`);
mkdirSync(dataDir, { recursive: true });
await ensureSeeded({ tier, dataDir, databaseUrl });

/** A patients file as a clinic brings it: Arabic headers, local mobile numbers, some Hijri birth dates. */
function patientsCsv(n, seed) {
  const lines = ['الاسم,الجوال,تاريخ الميلاد,الجنس,رقم الهوية'];
  for (let i = 0; i < n; i++) {
    const phone = `05${String(50_000_000 + ((seed * 7919 + i) % 49_999_999)).padStart(8, '0')}`;
    const dob = i % 5 === 0 ? `14${String(i % 40 + 10).padStart(2, '0')}/${String(i % 12 + 1).padStart(2, '0')}/${String(i % 28 + 1).padStart(2, '0')} هـ`
      : `${1950 + (i % 60)}-${String(i % 12 + 1).padStart(2, '0')}-${String(i % 28 + 1).padStart(2, '0')}`;
    lines.push(`مريض ${seed}-${i},${phone},${dob},${i % 2 ? 'ذكر' : 'أنثى'},${seed}${String(i).padStart(7, '0')}`);
  }
  return lines.join('\n');
}

const server = await startServer({ dataDir, databaseUrl });
try {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_ADMIN.username, password: BENCH_ADMIN.password }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.data.accessToken}`, 'accept-language': 'ar' };
  const csv = patientsCsv(rows, Date.now() % 900 + 100);
  const before = memoryMb(server.child.pid);
  let peakRss = before.rss;
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, memoryMb(server.child.pid).rss); }, 200);
  const started = performance.now();
  const form = new FormData();
  form.append('kind', 'patients');
  form.append('fileName', 'bench-patients.csv');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-patients.csv');
  const checked = await fetch(`${server.base}/api/imports`, { method: 'POST', headers, body: form }).then((r) => r.json());
  if (!checked.success) throw new Error(`upload answered ${JSON.stringify(checked.message)}`);
  const dryRunSeconds = (performance.now() - started) / 1000;
  const batch = checked.data;
  const start = await fetch(`${server.base}/api/imports/${batch._id}/start`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ duplicates: 'keep', version: batch.version }),
  }).then((r) => r.json());
  if (!start.success) throw new Error(`start answered ${JSON.stringify(start.message)}`);
  let done = null;
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = (await fetch(`${server.base}/api/imports/${batch._id}`, { headers }).then((r) => r.json())).data;
    if (now.status !== 'importing') { done = now; break; }
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const result = {
    tier, database: databaseUrl ? 'postgresql' : 'pglite', at: new Date().toISOString(), rows, mb: Math.round(Buffer.byteLength(csv) / 1e5) / 10,
    validRows: batch.validRows, refusedRows: batch.refusedRows, status: done.status, importedRows: done.importedRows,
    dryRunSeconds: Math.round(dryRunSeconds * 10) / 10, seconds: Math.round(seconds * 10) / 10,
    rssBeforeMb: before.rss, rssPeakSampledMb: peakRss, vmHwmMb: memoryMb(server.child.pid).peak,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `imports-${tier}-${result.database}.json`), JSON.stringify(result, null, 2));
} finally {
  await stopServer(server.child);
}
