import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, employees, invitations } from '../../db/schema/index.js';
import { canSignIn } from '../employees/index.js';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(db: Db, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/** Ends the person's invitations not yet taken up (a newer one replaces them, or they sign in otherwise); their ids. */
export async function revokePendingInvitations(db: Db, companyId: string, employeeId: string, at: Date): Promise<string[]> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: at })
    .where(and(
      eq(invitations.companyId, companyId), eq(invitations.employeeId, employeeId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt),
    ))
    .returning({ id: invitations.id });
  return rows.map((r) => r.id);
}

/**
 * The person's e-mail, their row locked until the caller's transaction ends: an edit of the address (which ends the
 * invitations sent to the old one) then waits for a new invitation to commit, or the invitation for the edit.
 */
export async function lockedEmail(db: Db, companyId: string, employeeId: string): Promise<string | null> {
  const [row] = await db.select({ email: employees.email }).from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId))).for('share');
  return row?.email ?? null;
}

/** An invitation with what its page and e-mail show: the person, their state, the company and its state. */
export async function findInvitation(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      name: employees.name,
      username: employees.username,
      hasPassword: sql<boolean>`${employees.passwordHash} is not null`,
      signsIn: canSignIn(),
      isActive: employees.isActive,
      companyName: companies.name,
      timeZone: companies.timeZone,
      companyOpen: sql<boolean>`${companies.closedAt} is null`,
    })
    .from(invitations)
    .innerJoin(employees, and(eq(employees.companyId, invitations.companyId), eq(employees.id, invitations.employeeId)))
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id)))
    .limit(1);
  return row ?? null;
}

export type FoundInvitation = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/**
 * Takes the invitation up, once: only while it is neither accepted nor revoked and has not lapsed, in the statement
 * itself, so two submissions of the same link cannot both succeed. False when it no longer can.
 */
export async function markAccepted(db: Db, companyId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: at })
    .where(and(
      eq(invitations.companyId, companyId), eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt),
      sql`${invitations.expiresAt} > ${at.toISOString()}::timestamptz`,
    ))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/**
 * Sets the person's own user name and password: the account now exists. False when they can already sign in (a
 * password, an identity at the organisation's provider, a passkey), decided in the statement itself.
 */
export async function setCredentials(db: Db, companyId: string, employeeId: string, username: string, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(employees)
    .set({ username, passwordHash, sessionVersion: sql`${employees.sessionVersion} + 1`, updatedAt: new Date(), version: sql`${employees.version} + 1` })
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId), sql`not ${canSignIn()}`, eq(employees.isActive, true)))
    .returning({ id: employees.id });
  return rows.length === 1;
}
