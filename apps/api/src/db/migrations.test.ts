import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';

const sqlFiles = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).sort();
const allSql = sqlFiles.map((f) => readFileSync(path.join(migrationsFolder, f), 'utf8')).join('\n');

describe('migrations', () => {
  it('are listed in the journal in order, one per file', () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(sqlFiles);
    expect(journal.entries.map((e) => e.idx)).toEqual(sqlFiles.map((_, i) => i));
  });

  it('name no two constraints or indexes alike once PostgreSQL truncates identifiers to 63 characters', () => {
    // Names created (a DROP is not a second use of the name).
    const names = [...allSql.matchAll(/(?<!DROP )(?:CONSTRAINT|INDEX(?: IF NOT EXISTS)?) "?([A-Za-z0-9_]+)"?/g)].map((m) => m[1]!.slice(0, 63));
    const seen = new Map<string, number>();
    for (const n of names) seen.set(n, (seen.get(n) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1).map(([n]) => n)).toEqual([]);
  });

  it('never change once committed: each matches the checksum recorded when it was written', () => {
    const recorded = JSON.parse(readFileSync(path.join(migrationsFolder, 'checksums.json'), 'utf8')) as Record<string, string>;
    const unsealed = sqlFiles.filter((f) => !recorded[f.replace(/\.sql$/, '')]);
    expect(unsealed, 'a new migration is not sealed: run npm run db:seal once its SQL is written').toEqual([]);
    const changed = sqlFiles.filter((f) => {
      const sum = createHash('sha256').update(readFileSync(path.join(migrationsFolder, f), 'utf8')).digest('hex');
      return recorded[f.replace(/\.sql$/, '')] !== sum;
    });
    expect(changed, 'a committed migration changed: write a new migration instead').toEqual([]);
  });
});
