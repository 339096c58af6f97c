import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Next human-readable id for an entity in a company, e.g. PAT-000042. Never reused, safe under concurrency. */
export async function nextPublicId(db: Db, companyId: string, entity: string, prefix: string): Promise<string> {
  const rows = await db.execute<{ last_value: number }>(sql`
    insert into public_id_counters (company_id, entity, last_value) values (${companyId}, ${entity}, 1)
    on conflict (company_id, entity) do update set last_value = public_id_counters.last_value + 1
    returning last_value`);
  const value = Number((rows as unknown as { rows: Array<{ last_value: number }> }).rows[0]?.last_value);
  return `${prefix}-${String(value).padStart(6, '0')}`;
}
