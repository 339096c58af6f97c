// npm run bench:web -- --tier clinic|network [--database-url URL] [--runs N]
// Only the web budgets of `npm run bench` (the JavaScript each route downloads, gzipped: sign-in, dashboard, calendar,
// patients, sign-in against its 200 KB budget; bundle sizes, the calendar week's and the day view's render after their
// data arrive, Lighthouse), without the API scenarios: a render figure can be taken again on its own, with the
// machine's load average printed beside each run (the render times depend on it; the sizes do not).
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSeeded } from './lib/data.mjs';
import { parseArgs, root } from './lib/server.mjs';
import { TIERS } from './lib/tiers.mjs';
import { webBudgets } from './lib/web.mjs';

const args = parseArgs(process.argv.slice(2), { tier: 'clinic', runs: '1' });
const tier = String(args.tier);
if (!TIERS[tier]) throw new Error(`--tier must be one of ${Object.keys(TIERS).join(', ')}`);
const databaseUrl = typeof args.databaseUrl === 'string' ? args.databaseUrl : undefined;
const dataDir = path.join(root, 'bench/.data', `${tier}-${databaseUrl ? 'postgres' : 'pglite'}`);
mkdirSync(dataDir, { recursive: true });
await ensureSeeded({ tier, dataDir, databaseUrl });

const load = () => os.loadavg().map((n) => Math.round(n * 10) / 10);
for (let run = 1; run <= Number(args.runs); run++) {
  const before = load();
  const web = await webBudgets({ dataDir, databaseUrl }).catch((err) => ({ error: String(err.message ?? err) }));
  console.log(JSON.stringify({ run, tier, database: databaseUrl ? 'postgresql' : 'pglite', at: new Date().toISOString(), loadBefore: before, loadAfter: load(), web }, null, 2));
  for (const r of web.routes ?? []) {
    const budget = r.budgetKb ? ` (budget ${r.budgetKb} KB: ${r.met ? 'met' : 'NOT met'})` : '';
    console.log(r.error ? `${r.route}: ${r.error}` : `${r.route.padEnd(10)} ${r.path.padEnd(24)} JS ${String(r.jsGzipKb).padStart(6)} KB gzipped in ${r.scripts} files${budget}; CSS ${r.cssGzipKb} KB`);
  }
}
