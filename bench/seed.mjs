// npm run bench:seed -- --tier clinic|network [--database-url URL] [--force]
// Generates the deterministic bench data set in a fresh database (the embedded one in bench/.data by default).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureSeeded } from './lib/data.mjs';
import { parseArgs, root, serverJs } from './lib/server.mjs';
import { TIERS } from './lib/tiers.mjs';

const args = parseArgs(process.argv.slice(2), { tier: 'clinic' });
const tier = String(args.tier);
if (!TIERS[tier]) throw new Error(`--tier must be one of ${Object.keys(TIERS).join(', ')}`);
if (!existsSync(serverJs)) throw new Error('Build first: npm run build');
const databaseUrl = typeof args.databaseUrl === 'string' ? args.databaseUrl : undefined;
const dataDir = path.join(root, 'bench/.data', `${tier}-${databaseUrl ? 'postgres' : 'pglite'}`);
if (args.force && !databaseUrl) rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const info = await ensureSeeded({ tier, dataDir, databaseUrl, force: Boolean(args.force) });
console.log(JSON.stringify(info, null, 2));
