/** Every query of the company area: the caller's own company and its profile. */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, companyProfiles } from '../../db/schema/index.js';
import { nextVersion } from '../../lib/versioning.js';

export type CompanyRow = typeof companies.$inferSelect;
export type ProfileRow = typeof companyProfiles.$inferSelect;
export type ProfileColumns = Omit<typeof companyProfiles.$inferInsert, 'companyId'>;
type CompanyColumns = Partial<Omit<typeof companies.$inferInsert, 'id'>>;

/** The company and its profile (null until the profile is created). */
export async function findCompany(db: Db, companyId: string): Promise<{ company: CompanyRow; profile: ProfileRow | null } | null> {
  const [row] = await db
    .select({ company: companies, profile: companyProfiles })
    .from(companies)
    .leftJoin(companyProfiles, eq(companyProfiles.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

/** Creates the company's profile; null when it already has one. */
export async function insertProfileRow(db: Db, companyId: string, columns: ProfileColumns): Promise<ProfileRow | null> {
  const inserted = await db.insert(companyProfiles).values({ companyId, ...columns }).onConflictDoNothing().returning();
  return inserted[0] ?? null;
}

/** Replaces the profile's columns and raises its version, only while it is at `version`; null when no row matched. */
export async function updateProfileAtVersion(db: Db, companyId: string, version: number, columns: ProfileColumns): Promise<ProfileRow | null> {
  const [profile] = await db
    .update(companyProfiles)
    .set({ ...columns, updatedAt: new Date(), version: nextVersion(companyProfiles.version) })
    .where(and(eq(companyProfiles.companyId, companyId), eq(companyProfiles.version, version)))
    .returning();
  return profile ?? null;
}

export async function profileExists(db: Db, companyId: string): Promise<boolean> {
  return (await db.select({ v: companyProfiles.version }).from(companyProfiles).where(eq(companyProfiles.companyId, companyId))).length > 0;
}

/** Sets columns of the company row itself (name, settings), stamping the change. */
export async function updateCompanyRow(db: Db, companyId: string, columns: CompanyColumns) {
  await db.update(companies).set({ ...columns, updatedAt: new Date() }).where(eq(companies.id, companyId));
}

/** Points the profile at a new logo file; answers the profile. */
export async function setProfileLogo(db: Db, companyId: string, fileId: string): Promise<ProfileRow | null> {
  const [updated] = await db
    .update(companyProfiles)
    .set({ logoFileId: fileId, updatedAt: new Date() })
    .where(eq(companyProfiles.companyId, companyId))
    .returning();
  return updated ?? null;
}

/**
 * Closes (`at` a time) or reopens (`at` null) the company, only from the other state, in one statement; false when
 * it was already so (or there is no such company).
 */
export async function setCompanyClosedAt(db: Db, companyId: string, at: Date | null): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ closedAt: at, updatedAt: at ?? new Date() })
    .where(and(eq(companies.id, companyId), at ? isNull(companies.closedAt) : isNotNull(companies.closedAt)))
    .returning({ id: companies.id });
  return rows.length > 0;
}
