import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * The company's next human-readable id for an entity (e.g. PAT-000042) as an SQL expression, to use as the value of
 * an INSERT: the number is taken by the statement that stores the row (see migrations/0014_extras_0010_next_public_id.sql). Never
 * reused, gapless (a refused insert rolls its number back), safe under concurrency.
 */
export function publicIdOf(companyId: string, entity: string, prefix: string): SQL<string> {
  return sql<string>`next_public_id(${companyId}, ${entity}, ${prefix})`;
}

/** Next human-readable id for an entity in a company, taken now (inside the caller's transaction). */
export async function nextPublicId(db: Db, companyId: string, entity: string, prefix: string): Promise<string> {
  const rows = await db.execute<{ id: string }>(sql`select ${publicIdOf(companyId, entity, prefix)} as id`);
  return String((rows as unknown as { rows: Array<{ id: string }> }).rows[0]?.id);
}
