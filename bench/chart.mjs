// npm run bench:chart -- [--database-url URL] [--rounds 200]
// The patient's chart (GET /api/patients/:id/chart) of the clinic tier's patient with 200 encounters (each with vitals
// and a diagnosis; documents, allergies, medications besides): the first page, a filtered page (encounters and vitals
// over the last year) and a page deep in the record (after the cursor of the fifth page), p50/p95/p99 measured end to
// end against the production server, one request at a time. The clinic tier is seeded into a fresh database (a data
// folder under bench/.data, or a new database on the PostgreSQL server, dropped afterwards).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freshDatabase, openBenchDatabase } from './lib/data.mjs';
import { parseArgs, root, startServer, stopServer } from './lib/server.mjs';
import { BENCH_ADMIN, TIERS } from './lib/tiers.mjs';

const args = parseArgs(process.argv.slice(2), { rounds: 200 });
const rounds = Number(args.rounds);
const serverUrl = typeof args.databaseUrl === 'string' ? args.databaseUrl : undefined;
const dist = (p) => path.join(root, 'apps/api/dist', p);
const BUDGET_P95_MS = 300;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (v) => Math.round(v * 10) / 10;

async function prepare() {
  const { databaseUrl, dataDir, drop: dropDatabase } = await freshDatabase('chart', serverUrl);
  const database = await openBenchDatabase({ dataDir, databaseUrl });
  try {
    await database.migrate();
    const { syncPermissionCatalogue } = await import(dist('modules/organisation/provision.js'));
    await syncPermissionCatalogue(database.db);
    const { seedBulk } = await import(dist('seed/bulk.js'));
    const seeded = await seedBulk(database, TIERS.clinic, BENCH_ADMIN, new Date(), (line) => console.log(`  ${line}`));
    return { databaseUrl, dataDir, dropDatabase, seeded };
  } catch (err) {
    await dropDatabase();
    throw err;
  } finally {
    await database.close();
  }
}

const prepared = await prepare();
const { chartPatientId } = prepared.seeded;
const server = await startServer({ dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl });
try {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_ADMIN.username, password: BENCH_ADMIN.password }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.data.accessToken}`, 'accept-language': 'ar' };
  const ask = async (query) => {
    const t = performance.now();
    const res = await fetch(`${server.base}/api/patients/${chartPatientId}/chart?${query}`, { headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`chart ?${query} answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, entries: body.data.length, nextCursor: body.nextCursor };
  };
  // The whole record, page by page: how many entries the patient has, and the cursor five pages in.
  let cursor = null;
  let total = 0;
  let pages = 0;
  let deepCursor = null;
  do {
    const page = await ask(`limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    total += page.entries;
    pages++;
    cursor = page.nextCursor;
  } while (cursor);
  cursor = null;
  for (let i = 0; i < 5; i++) cursor = (await ask(`limit=30${cursor ? `&cursor=${cursor}` : ''}`)).nextCursor;
  deepCursor = cursor;
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
  const SCENARIOS = {
    'first page (30, every kind)': 'limit=30',
    'filtered page (encounters and vitals, last year)': `kinds=encounter,vitals&from=${encodeURIComponent(yearAgo)}&limit=30`,
    'sixth page (30, after a cursor)': `limit=30&cursor=${deepCursor}`,
  };
  for (const q of Object.values(SCENARIOS)) for (let i = 0; i < 10; i++) await ask(q); // warm-up
  const scenarios = {};
  for (const [name, q] of Object.entries(SCENARIOS)) {
    const times = [];
    let entries = 0;
    for (let r = 0; r < rounds; r++) {
      const answer = await ask(q);
      times.push(answer.ms);
      entries = answer.entries;
    }
    times.sort((x, y) => x - y);
    scenarios[name] = { requests: times.length, entries, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times.at(-1)) };
  }
  const result = {
    database: prepared.databaseUrl ? 'postgresql' : 'pglite', at: new Date().toISOString(), tier: 'clinic',
    seedSeconds: prepared.seeded.seconds, seeded: prepared.seeded.counts, chartPatientEntries: total, pagesOf100: pages,
    budgetP95Ms: BUDGET_P95_MS, scenarios,
    withinBudget: Object.values(scenarios).every((s) => s.p95 <= BUDGET_P95_MS),
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `chart-${result.database}.json`), JSON.stringify(result, null, 2) + '\n');
} finally {
  await stopServer(server.child);
  await prepared.dropDatabase();
}
