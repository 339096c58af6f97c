/** Every query of the files area: downloads (the file, the sign-in behind a link, what record it belongs to) and the sweep. */
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, files, refreshTokens } from '../../db/schema/index.js';
import type { LinkSession } from '../../lib/file-links.js';
import { unreferencedFile } from '../../lib/files.js';

export type FileRow = typeof files.$inferSelect;

export async function findFile(db: Db, companyId: string, id: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(and(eq(files.companyId, companyId), eq(files.id, id))).limit(1);
  return row ?? null;
}

/**
 * Whether the sign-in a link was issued to is still live: the account is active with the same session version
 * (a password change or a deactivation bumps it) and its refresh-token family is neither revoked (logout) nor expired.
 */
export async function sessionIsLive(db: Db, companyId: string, s: LinkSession): Promise<boolean> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(
      eq(employees.companyId, companyId),
      eq(employees.id, s.employeeId),
      eq(employees.isActive, true),
      eq(employees.sessionVersion, s.sessionVersion),
      sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.companyId} = ${employees.companyId}
        and ${refreshTokens.familyId} = ${s.familyId} and ${refreshTokens.employeeId} = ${employees.id}
        and ${isNull(refreshTokens.revokedAt)} and ${refreshTokens.expiresAt} > now())`,
    ))
    .limit(1);
  return rows.length > 0;
}

export interface FileKey {
  companyId: string;
  id: string;
}

/** The next `limit` stored files after `after` in primary-key order (from the start when null). */
export async function filesAfter(db: Db, after: FileKey | null, limit: number): Promise<FileKey[]> {
  return db
    .select({ companyId: files.companyId, id: files.id })
    .from(files)
    .where(after ? sql`(${files.companyId}, ${files.id}) > (${after.companyId}::uuid, ${after.id}::uuid)` : undefined)
    .orderBy(asc(files.companyId), asc(files.id))
    .limit(limit);
}

/** Deletes the files between two keys (inclusive) created before `cutoff` that no record points at. */
export async function deleteUnreferencedBetween(db: Db, first: FileKey, last: FileKey, cutoff: Date): Promise<Array<{ storagePath: string | null }>> {
  return db
    .delete(files)
    .where(and(
      sql`(${files.companyId}, ${files.id}) >= (${first.companyId}::uuid, ${first.id}::uuid)`,
      sql`(${files.companyId}, ${files.id}) <= (${last.companyId}::uuid, ${last.id}::uuid)`,
      lt(files.createdAt, cutoff),
      unreferencedFile(),
    ))
    .returning({ storagePath: files.storagePath });
}

/** Which of these ids have a row in the company's files. */
export async function knownFileIds(db: Db, companyId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: files.id }).from(files).where(and(eq(files.companyId, companyId), inArray(files.id, ids)));
  return new Set(rows.map((r) => r.id));
}
