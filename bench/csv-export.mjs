// npm run bench:csv-export -- --tier clinic|network [--database-url URL] [--list patients]
// Downloads a whole list as CSV (`GET /api/<list>/export.csv`, every row its filters select) and reports the time,
// the rows and bytes received, and the server's resident memory sampled every 200 ms and its high-water mark.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureSeeded } from './lib/data.mjs';
import { memoryMb, parseArgs, root, startServer, stopServer } from './lib/server.mjs';
import { BENCH_ADMIN, TIERS } from './lib/tiers.mjs';

const args = parseArgs(process.argv.slice(2), { tier: 'clinic', list: 'patients' });
const tier = String(args.tier);
if (!TIERS[tier]) throw new Error(`--tier must be one of ${Object.keys(TIERS).join(', ')}`);
const databaseUrl = typeof args.databaseUrl === 'string' ? args.databaseUrl : undefined;
const dataDir = path.join(root, 'bench/.data', `${tier}-${databaseUrl ? 'postgres' : 'pglite'}`);
mkdirSync(dataDir, { recursive: true });
await ensureSeeded({ tier, dataDir, databaseUrl });

const server = await startServer({ dataDir, databaseUrl });
try {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_ADMIN.username, password: BENCH_ADMIN.password }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.data.accessToken}`, 'accept-language': 'ar' };
  const list = String(args.list);
  const total = (await fetch(`${server.base}/api/${list}?limit=5`, { headers }).then((r) => r.json())).pagination?.total_items;
  const before = memoryMb(server.child.pid);
  let peakRss = before.rss;
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, memoryMb(server.child.pid).rss); }, 200);
  const started = performance.now();
  const res = await fetch(`${server.base}/api/${list}/export.csv`, { headers });
  if (!res.ok) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines += 1;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const after = memoryMb(server.child.pid);
  const result = {
    tier, database: databaseUrl ? 'postgresql' : 'pglite', list, at: new Date().toISOString(), listTotal: total,
    rows: lines - 1, mb: Math.round(bytes / 1e5) / 10, seconds: Math.round(seconds * 10) / 10,
    rssBeforeMb: before.rss, rssPeakSampledMb: peakRss, vmHwmMb: after.peak,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `csv-export-${list}-${tier}-${result.database}.json`), JSON.stringify(result, null, 2));
} finally {
  await stopServer(server.child);
}
