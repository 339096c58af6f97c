// Generates SQL migrations with drizzle-kit and seals them.
//
//   npm run db:generate -- --name <what-changed>            a migration from the Drizzle schema (src/db/schema)
//   npm run db:generate -- --custom --name <what-changed>   an empty migration for hand-written SQL drizzle cannot
//                                                           express (exclusion constraints, triggers, partial indexes)
//   npm run db:seal                                          records the checksum of every migration not yet recorded
//
// Hand-written SQL lives once, in its migration. A committed migration never changes: src/db/migrations.test.ts
// compares every migration with the checksum recorded in src/db/migrations/checksums.json. Seal a custom migration
// once its SQL is written (`npm run db:seal`); a schema migration is sealed when it is generated.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'src/db/migrations');
const sums = path.join(out, 'checksums.json');
const args = process.argv.slice(2);
const nameIdx = args.indexOf('--name');
const name = nameIdx >= 0 ? args[nameIdx + 1] : 'schema';
const custom = args.includes('--custom');
const sealOnly = args.includes('--seal');

function journal() {
  const file = path.join(out, 'meta/_journal.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).entries : [];
}

function seal({ skipEmpty }) {
  const recorded = existsSync(sums) ? JSON.parse(readFileSync(sums, 'utf8')) : {};
  for (const { tag } of journal()) {
    if (recorded[tag]) continue;
    const sql = readFileSync(path.join(out, `${tag}.sql`), 'utf8');
    if (skipEmpty && !sql.replace(/--.*$/gm, '').trim()) continue;
    recorded[tag] = createHash('sha256').update(sql).digest('hex');
    console.log(`sealed ${tag}`);
  }
  writeFileSync(sums, JSON.stringify(recorded, null, 2) + '\n');
}

if (!sealOnly) {
  execFileSync('npx', ['drizzle-kit', 'generate', ...(custom ? ['--custom'] : []), '--name', name], { cwd: root, stdio: 'inherit' });
  if (custom) console.log(`write the SQL into src/db/migrations/${journal().at(-1).tag}.sql, then run npm run db:seal`);
}
seal({ skipEmpty: true });
