/**
 * Queries of the sign-in steps: sessions, the sign-in history, second-factor counts, the organisation's rule on
 * second factors, and single-use challenges (which belong to no company: `subject` names it when known).
 */
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  authChallenges, companySecurity, employeeRoles, passkeys, recoveryCodes, signInHistory, signInSessions, totpFactors,
} from '../../db/schema/index.js';

export type ChallengeRow = typeof authChallenges.$inferSelect;

export async function insertSession(db: Db, values: typeof signInSessions.$inferInsert): Promise<void> {
  await db.insert(signInSessions).values(values);
}

export async function insertSignInEvent(db: Db, values: typeof signInHistory.$inferInsert): Promise<void> {
  await db.insert(signInHistory).values(values);
}

export async function markVerified(db: Db, companyId: string, sessionId: string, at: Date): Promise<void> {
  await db
    .update(signInSessions)
    .set({ verifiedAt: at })
    .where(and(eq(signInSessions.companyId, companyId), eq(signInSessions.id, sessionId), isNull(signInSessions.endedAt)));
}

/** Ends sign-ins (their refresh-token families are revoked by the caller in the same transaction). */
export async function endSessions(
  db: Db, companyId: string, where: { employeeId?: string; sessionId?: string }, reason: string, at: Date,
): Promise<string[]> {
  const rows = await db
    .update(signInSessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(
      eq(signInSessions.companyId, companyId),
      where.employeeId ? eq(signInSessions.employeeId, where.employeeId) : undefined,
      where.sessionId ? eq(signInSessions.id, where.sessionId) : undefined,
      isNull(signInSessions.endedAt),
    ))
    .returning({ id: signInSessions.id });
  return rows.map((r) => r.id);
}

/** How many second factors of each kind the person has (an unconfirmed authenticator does not count). */
export async function countFactors(db: Db, companyId: string, employeeId: string): Promise<{ totp: boolean; passkeys: number; recoveryCodes: number }> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${totpFactors} where ${totpFactors.companyId} = ${companyId}
        and ${totpFactors.employeeId} = ${employeeId} and ${totpFactors.confirmedAt} is not null)`,
      passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.companyId} = ${companyId} and ${passkeys.employeeId} = ${employeeId})`,
      recoveryCodes: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.companyId} = ${companyId}
        and ${recoveryCodes.employeeId} = ${employeeId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(sql`(select 1) as one`);
  return { totp: Boolean(row?.totp), passkeys: Number(row?.passkeys ?? 0), recoveryCodes: Number(row?.recoveryCodes ?? 0) };
}

/** Whether one of the person's roles is among those the organisation requires a second factor of. */
export async function requiresSecondFactor(db: Db, companyId: string, employeeId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(employeeRoles)
    .innerJoin(companySecurity, eq(companySecurity.companyId, employeeRoles.companyId))
    .where(and(
      eq(employeeRoles.companyId, companyId),
      eq(employeeRoles.employeeId, employeeId),
      sql`${companySecurity.secondFactorRoleIds} @> jsonb_build_array(${employeeRoles.roleId}::text)`,
    ));
  return (row?.n ?? 0) > 0;
}

export async function insertChallenge(
  db: Db, values: { purpose: string; tokenHash: string; subject: Record<string, string> | null; data: Record<string, unknown>; expiresAt: Date },
): Promise<string> {
  await purgeOldChallenges(db);
  const [row] = await db.insert(authChallenges).values(values).returning({ id: authChallenges.id });
  return row!.id;
}

/**
 * The live challenge of a purpose with this token hash, counting a try in the same statement: unknown, spent,
 * expired and exhausted challenges are null.
 */
export async function spendChallengeTry(db: Db, purpose: string, tokenHash: string, maxTries: number): Promise<ChallengeRow | null> {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(and(
      eq(authChallenges.tokenHash, tokenHash),
      eq(authChallenges.purpose, purpose),
      isNull(authChallenges.usedAt),
      gt(authChallenges.expiresAt, sql`now()`),
      lt(authChallenges.attempts, maxTries),
    ))
    .returning();
  return row ?? null;
}

/** Marks a challenge used unless it already was; false when another use came first. */
export async function claimChallenge(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt), gt(authChallenges.expiresAt, sql`now()`)))
    .returning({ id: authChallenges.id });
  return rows.length > 0;
}

/** Challenges older than a day are of no use: removed a bounded batch at a time as new ones are made. */
async function purgeOldChallenges(db: Db): Promise<void> {
  const oldest = db.select({ id: authChallenges.id }).from(authChallenges)
    .where(lt(authChallenges.createdAt, sql`now() - interval '1 day'`)).limit(100);
  await db.delete(authChallenges).where(sql`${authChallenges.id} in (${oldest})`);
}

/**
 * A session held to enrolment is released by the person's first second factor (`factor`: 'totp' | 'passkey'): it is
 * open again, verified now, and records the factor. Only a live session that was held changes.
 */
export async function releaseEnrolment(db: Db, companyId: string, sessionId: string, factor: string): Promise<void> {
  await db.update(signInSessions).set({ enrolmentRequired: false, verifiedAt: sql`now()`, secondFactor: factor })
    .where(and(
      eq(signInSessions.companyId, companyId), eq(signInSessions.id, sessionId),
      eq(signInSessions.enrolmentRequired, true), isNull(signInSessions.endedAt),
    ));
}
