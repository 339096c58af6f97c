// npm run bench:fhir-export -- --tier clinic|network [--database-url URL]
// Measures the FHIR bulk export of a whole bench organisation: time from kick-off to manifest, resources per type,
// file sizes, and the server's peak resident memory (VmHWM) while it exports and while the files are downloaded.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureSeeded } from './lib/data.mjs';
import { parseArgs, root, serverJs, startServer, stopServer } from './lib/server.mjs';
import { BENCH_ADMIN, TIERS } from './lib/tiers.mjs';

const args = parseArgs(process.argv.slice(2), { tier: 'clinic' });
const tier = String(args.tier);
if (!TIERS[tier]) throw new Error(`--tier must be one of ${Object.keys(TIERS).join(', ')}`);
const databaseUrl = typeof args.databaseUrl === 'string' ? args.databaseUrl : undefined;
if (!readFileSync(serverJs)) throw new Error('Build first: npm run build');
const dataDir = path.join(root, 'bench/.data', `${tier}-${databaseUrl ? 'postgres' : 'pglite'}`);
mkdirSync(dataDir, { recursive: true });
await ensureSeeded({ tier, dataDir, databaseUrl });

const memory = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
};

const server = await startServer({ dataDir, databaseUrl });
try {
  const signIn = async () => {
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_ADMIN.username, password: BENCH_ADMIN.password }),
    }).then((r) => r.json());
    headers.authorization = `Bearer ${login.data.accessToken}`;
  };
  const headers = { authorization: '' };
  await signIn();
  const before = memory(server.child.pid);
  const started = performance.now();
  const kick = await fetch(`${server.base}/api/fhir/R4/$export`, { headers });
  if (kick.status !== 202) throw new Error(`kick-off answered ${kick.status}: ${await kick.text()}`);
  const status = kick.headers.get('content-location');
  let manifest = null;
  let peakRss = before.rss;
  while (!manifest) {
    await new Promise((r) => setTimeout(r, 500));
    peakRss = Math.max(peakRss, memory(server.child.pid).rss);
    // The token lives 15 minutes: sign in again when an export outlasts it.
    let res = await fetch(status, { headers });
    if (res.status === 401) {
      await signIn();
      res = await fetch(status, { headers });
    }
    if (res.status === 200) manifest = await res.json();
    else if (res.status !== 202) throw new Error(`status answered ${res.status}: ${await res.text()}`);
  }
  const exportSeconds = (performance.now() - started) / 1000;
  const exported = memory(server.child.pid);
  // Download every file, streaming, and count bytes and lines.
  const files = [];
  const downloadStart = performance.now();
  await signIn();
  for (const o of manifest.output) {
    const res = await fetch(o.url, { headers });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines += 1;
    }
    peakRss = Math.max(peakRss, memory(server.child.pid).rss);
    files.push({ type: o.type, count: o.count, lines, mb: Math.round(bytes / 1e5) / 10 });
  }
  const downloadSeconds = (performance.now() - downloadStart) / 1000;
  const after = memory(server.child.pid);
  const result = {
    tier, database: databaseUrl ? 'postgresql' : 'pglite', at: new Date().toISOString(),
    exportSeconds: Math.round(exportSeconds * 10) / 10, downloadSeconds: Math.round(downloadSeconds * 10) / 10,
    rssBeforeMb: before.rss, rssAfterExportMb: exported.rss, rssPeakSampledMb: peakRss, vmHwmMb: after.peak, files,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `fhir-export-${tier}-${result.database}.json`), JSON.stringify(result, null, 2));
} finally {
  await stopServer(server.child);
}
