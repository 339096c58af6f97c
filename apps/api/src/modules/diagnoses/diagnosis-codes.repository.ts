/** Every query of the diagnosis code list. All of them are scoped by company. */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { placeholder as ph } from '../../lib/list.js';
import { prepared } from '../../lib/prepared.js';
import { diagnosisCodes } from '../../db/schema/index.js';
import { codeSearchText, type CodeRow } from './code-csv.js';

export type DiagnosisCodeRow = typeof diagnosisCodes.$inferSelect;

const columns = {
  id: diagnosisCodes.id, system: diagnosisCodes.system, code: diagnosisCodes.code, codeKey: diagnosisCodes.codeKey,
  titleEn: diagnosisCodes.titleEn, titleAr: diagnosisCodes.titleAr, isActive: diagnosisCodes.isActive,
};
export type CodeHit = { id: string; system: string; code: string; codeKey: string; titleEn: string; titleAr: string; isActive: boolean };

/** `%`, `_` and `\` typed by a user match themselves. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Active codes whose code is `key` or starts with it, by code (the btree index on the C-collated code_key). */
export function codesByPrefix(db: Db, companyId: string, key: string, limit: number): Promise<CodeHit[]> {
  const statement = prepared(db, 'codes.prefix', (name) => db.select(columns).from(diagnosisCodes)
    .where(and(eq(diagnosisCodes.companyId, ph('companyId')), eq(diagnosisCodes.isActive, true), sql`${diagnosisCodes.codeKey} like ${ph('pattern')}`))
    .orderBy(asc(diagnosisCodes.codeKey), asc(diagnosisCodes.system)).limit(ph('limit')).prepare(name));
  return statement.execute({ companyId, pattern: `${literal(key)}%`, limit });
}

/**
 * Active codes in which every word of `words` starts a word of the code or of either title (the trigram index on
 * search_text), by code.
 */
export function codesByWords(db: Db, companyId: string, words: string[], limit: number): Promise<CodeHit[]> {
  // One statement per number of words (the search's words are few: `searchWords` caps them).
  const statement = prepared(db, `codes.words:${words.length}`, (name) => {
    const each: SQL[] = words.map((_, i) => sql`${diagnosisCodes.searchText} like ${ph(`word${i}`)}`);
    return db.select(columns).from(diagnosisCodes)
      .where(and(eq(diagnosisCodes.companyId, ph('companyId')), eq(diagnosisCodes.isActive, true), ...each))
      .orderBy(asc(diagnosisCodes.codeKey), asc(diagnosisCodes.system)).limit(ph('limit')).prepare(name);
  });
  return statement.execute({ companyId, limit, ...Object.fromEntries(words.map((w, i) => [`word${i}`, `% ${literal(w)}%`])) });
}

export async function findCodes(db: Db, companyId: string, ids: string[]): Promise<DiagnosisCodeRow[]> {
  if (!ids.length) return [];
  return db.select().from(diagnosisCodes).where(and(eq(diagnosisCodes.companyId, companyId), inArray(diagnosisCodes.id, ids)));
}

export async function codeSummary(db: Db, companyId: string) {
  const rows = await db.select({ system: diagnosisCodes.system, n: count(), active: sql<number>`count(*) filter (where ${diagnosisCodes.isActive})`.mapWith(Number) })
    .from(diagnosisCodes).where(eq(diagnosisCodes.companyId, companyId)).groupBy(diagnosisCodes.system).orderBy(asc(diagnosisCodes.system));
  return {
    total: rows.reduce((s, r) => s + r.n, 0),
    active: rows.reduce((s, r) => s + r.active, 0),
    systems: rows.map((r) => ({ system: r.system, count: r.n })),
  };
}

const BATCH = 1000;

/**
 * Inserts the rows, or for a code the system already has, sets its titles (and makes it active again). Answers how
 * many rows were created, changed and left as they were.
 */
export async function upsertCodes(db: Db, companyId: string, system: string, rows: readonly Omit<CodeRow, 'line'>[]) {
  let created = 0;
  let updated = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows.slice(i, i + BATCH).map((r) => ({
      companyId, system, code: r.code, codeKey: r.codeKey, titleEn: r.titleEn, titleAr: r.titleAr,
      searchText: codeSearchText(r.code, r.titleEn, r.titleAr), isActive: true,
    }));
    // xmax = 0 tells a fresh insert from an update; rows whose titles are unchanged are not touched at all.
    const result = await db.insert(diagnosisCodes).values(values)
      .onConflictDoUpdate({
        target: [diagnosisCodes.companyId, diagnosisCodes.system, diagnosisCodes.codeKey],
        set: {
          code: sql`excluded.code`, titleEn: sql`excluded.title_en`, titleAr: sql`excluded.title_ar`,
          searchText: sql`excluded.search_text`, isActive: sql`true`, updatedAt: sql`now()`,
        },
        setWhere: sql`(${diagnosisCodes.code}, ${diagnosisCodes.titleEn}, ${diagnosisCodes.titleAr}, ${diagnosisCodes.isActive}) is distinct from (excluded.code, excluded.title_en, excluded.title_ar, true)`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const r of result) {
      if (r.inserted) created++;
      else updated++;
    }
  }
  return { created, updated, unchanged: rows.length - created - updated };
}
