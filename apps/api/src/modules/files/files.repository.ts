/** Every query of the files area: downloads (the file) and the sweep. Whether a link's sign-in is live: lib/credential-liveness.ts. */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, orders } from '../../db/schema/index.js';
import { unreferencedFile } from '../../lib/files.js';

export type FileRow = typeof files.$inferSelect;

export async function findFile(db: Db, companyId: string, id: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(and(eq(files.companyId, companyId), eq(files.id, id))).limit(1);
  return row ?? null;
}

/** Whether the file is an order's result document (clinical content, unlike a health report). */
export async function isResultDocument(db: Db, companyId: string, fileId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.companyId, companyId), eq(orders.resultFileId, fileId))).limit(1);
  return !!row;
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
