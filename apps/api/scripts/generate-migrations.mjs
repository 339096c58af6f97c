// Generates SQL migrations from the Drizzle schema (src/db/schema) with drizzle-kit, then appends
// hand-written SQL that drizzle cannot express (extensions, exclusion constraints, trigram indexes)
// from src/db/extras/*.sql as a custom migration.
//
// Usage: npm run db:generate -- --name <what-changed>
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'src/db/migrations');
const args = process.argv.slice(2);
const nameIdx = args.indexOf('--name');
const name = nameIdx >= 0 ? args[nameIdx + 1] : 'schema';

function kit(...extra) {
  execFileSync('npx', ['drizzle-kit', 'generate', ...extra], { cwd: root, stdio: 'inherit' });
}
function journal() {
  const file = path.join(out, 'meta/_journal.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).entries : [];
}

kit('--name', name);

// Extras: each file in src/db/extras is applied once, in name order, as its own custom migration.
const extrasDir = path.join(root, 'src/db/extras');
const applied = new Set(journal().map((e) => e.tag.replace(/^\d+_/, '')));
for (const file of readdirSync(extrasDir).filter((f) => f.endsWith('.sql')).sort()) {
  const tag = 'extras_' + file.replace(/\.sql$/, '').replace(/[^a-z0-9_]/gi, '_');
  if (applied.has(tag)) continue;
  kit('--custom', '--name', tag);
  const entry = journal().at(-1);
  writeFileSync(path.join(out, `${entry.tag}.sql`), readFileSync(path.join(extrasDir, file), 'utf8'));
  console.log(`custom migration ${entry.tag} from extras/${file}`);
}
