// npm run bench:code-search -- [--database-url URL] [--codes 100000] [--rounds 150]
// Diagnosis code search (GET /api/diagnosis-codes?search=...) over a company holding 100,000 generated codes (ICD-10
// shaped codes, English and Arabic titles from a medical vocabulary: the bench tiers' own list, apps/api/src/seed/bulk-codes.ts): p50/p95/max per kind of search, measured end to
// end against the production server, one request at a time. The data set is made in a fresh database (a data folder
// under bench/.data, or a new database on the PostgreSQL server, dropped afterwards).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freshDatabase, openBenchDatabase } from './lib/data.mjs';
import { parseArgs, root, startServer, stopServer } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { codes: 100000, rounds: 150 });
const total = Number(args.codes);
const rounds = Number(args.rounds);
const serverUrl = typeof args.databaseUrl === 'string' ? args.databaseUrl : undefined;
const dist = (p) => path.join(root, 'apps/api/dist', p);
const ADMIN = { name: 'Code Bench Admin', username: 'codebench', email: 'codebench@bench.test', password: 'Bench@12345' };

/** The searches, by kind; the Arabic ones include forms that only meet after normalisation. */
const SEARCHES = {
  'code prefix': ['J06', 'E11.6', 'M5', 'k', 'S72.0', 'Z00', 'c1', 'r50.9'],
  'English words': ['infection', 'acute upper resp', 'fracture femur', 'unspecified', 'malignant neoplasm of lung', 'sprain ankle left', 'pain', 'cyst kidney recurrent'],
  'Arabic words': ['التهاب', 'إلتهاب', 'عدوى حادة', 'عدوي حاده', 'كسر الفخذ', 'ورم خبيث في الرئة', 'الكُلية', 'التواء الكاحل الأيسر', 'آلم'],
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function prepare() {
  const { databaseUrl, dataDir, drop: dropDatabase } = await freshDatabase('code-search', serverUrl);
  const database = await openBenchDatabase({ dataDir, databaseUrl });
  const started = performance.now();
  try {
    await database.migrate();
    const { syncPermissionCatalogue, createOrganisation } = await import(dist('modules/organisation/provision.js'));
    await syncPermissionCatalogue(database.db);
    const { company } = await createOrganisation(database.db, { name: 'Code Search Bench', plan: 'company', admin: ADMIN });
    // A second company with its own list: every search must keep to the caller's.
    const other = await createOrganisation(database.db, { name: 'Other Company', plan: 'company', admin: { ...ADMIN, username: 'codebench2', email: 'codebench2@bench.test' } });
    const { upsertCodes } = await import(dist('modules/diagnoses/diagnosis-codes.repository.js'));
    // The bench data set's generator (apps/api/src/seed/bulk-codes.ts), with the seed this bench has always used.
    const { generatedCodes } = await import(dist('seed/bulk-codes.js'));
    const rows = generatedCodes(total);
    // A bulk load: the trigram index is built once after the rows are in (as the migration defines it), not row by row.
    await database.query('drop index diagnosis_codes_search_trgm_idx');
    await upsertCodes(database.db, company.id, 'ICD-10', rows);
    await upsertCodes(database.db, other.company.id, 'ICD-10', rows.slice(0, 20000));
    await database.query('create index diagnosis_codes_search_trgm_idx on diagnosis_codes using gin (search_text gin_trgm_ops)');
    await database.query('analyze diagnosis_codes');
  } finally {
    await database.close();
  }
  return { databaseUrl, dataDir, dropDatabase, loadSeconds: Math.round((performance.now() - started) / 100) / 10 };
}

const prepared = await prepare();
const server = await startServer({ dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl });
try {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.username, password: ADMIN.password }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.data.accessToken}`, 'accept-language': 'ar' };
  const ask = async (q) => {
    const t = performance.now();
    const res = await fetch(`${server.base}/api/diagnosis-codes?search=${encodeURIComponent(q)}&limit=20`, { headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`search ${q} answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, hits: body.data.length };
  };
  const summary = await fetch(`${server.base}/api/diagnosis-codes/summary`, { headers }).then((r) => r.json());
  for (const list of Object.values(SEARCHES)) for (const q of list) for (let i = 0; i < 5; i++) await ask(q); // warm-up
  const kinds = {};
  const hits = {};
  for (const [kind, list] of Object.entries(SEARCHES)) {
    const times = [];
    for (let r = 0; r < rounds; r++) {
      for (const q of list) {
        const { ms, hits: n } = await ask(q);
        times.push(ms);
        hits[q] = n;
      }
    }
    times.sort((x, y) => x - y);
    const round = (v) => Math.round(v * 10) / 10;
    kinds[kind] = { requests: times.length, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times.at(-1)) };
  }
  const result = {
    database: prepared.databaseUrl ? 'postgresql' : 'pglite', at: new Date().toISOString(), codes: summary.data.total,
    loadSeconds: prepared.loadSeconds, budgetP95Ms: 50, kinds, hitsPerSearch: hits,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `code-search-${result.database}.json`), JSON.stringify(result, null, 2) + '\n');
} finally {
  await stopServer(server.child);
  await prepared.dropDatabase();
}
