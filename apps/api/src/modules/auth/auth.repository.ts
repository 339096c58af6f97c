/**
 * Every query of sign-in, sessions and the throttle of attempts. Queries about an account or a company are scoped by
 * the company; two are not, because nothing names the company yet: finding the account a sign-in names (user names
 * and e-mail addresses are unique across companies) and finding a refresh token by its hash (the token is the key).
 * The throttle's rows (`login_failures`) belong to no company.
 */
import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, employeeRoles, employees, loginFailures, refreshTokens, roles } from '../../db/schema/index.js';

export type EmployeeRow = typeof employees.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Accounts

/** The account with a password whose user name or e-mail is `identifier` (already trimmed and lower-cased). */
export async function findAccountBySignInName(db: Db, identifier: string): Promise<EmployeeRow | null> {
  const [account] = await db
    .select()
    .from(employees)
    .where(
      and(
        sql`${employees.passwordHash} is not null`,
        or(sql`lower(${employees.username}) = ${identifier}`, sql`lower(${employees.email}) = ${identifier}`),
      ),
    )
    .limit(1);
  return account ?? null;
}

/** The employee of a session with their company's Hijri mode, or null. */
export async function findSessionEmployee(db: Db, companyId: string, employeeId: string): Promise<{ emp: EmployeeRow; companyHijriMode: string } | null> {
  const [found] = await db
    .select({ emp: employees, companyHijriMode: companies.hijriMode })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
    .limit(1);
  return found ?? null;
}

/** The names of the employee's roles, alphabetically. */
export async function roleNamesOf(db: Db, companyId: string, employeeId: string): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(employeeRoles)
    .innerJoin(roles, and(eq(roles.companyId, employeeRoles.companyId), eq(roles.id, employeeRoles.roleId)))
    .where(and(eq(employeeRoles.companyId, companyId), eq(employeeRoles.employeeId, employeeId)))
    .orderBy(roles.name);
  return rows.map((r) => r.name);
}

/** The employee's session version (access tokens carry it; raising it ends them), or null when there is no such employee. */
export async function sessionVersionOf(db: Db, companyId: string, employeeId: string): Promise<number | null> {
  const [emp] = await db
    .select({ sv: employees.sessionVersion })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  return emp?.sv ?? null;
}

export async function markSignedIn(db: Db, companyId: string, employeeId: string, at: Date): Promise<void> {
  await db
    .update(employees)
    .set({ lastLoginAt: at })
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
}

/** Raises the employee's session version: every access token issued before stops working. */
export async function raiseSessionVersion(db: Db, companyId: string, employeeId: string): Promise<void> {
  await db
    .update(employees)
    .set({ sessionVersion: sql`${employees.sessionVersion} + 1` })
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
}

/** Sets the company's plan unless another one was chosen; false when it was. */
export async function setPlanOnce(db: Db, companyId: string, plan: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(companies)
    .set({ plan, updatedAt: at })
    .where(and(eq(companies.id, companyId), or(isNull(companies.plan), eq(companies.plan, plan))))
    .returning({ id: companies.id });
  return updated.length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Refresh tokens

export async function insertRefreshToken(
  db: Db, values: { companyId: string; employeeId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Marks a token used unless it already was (or was revoked), in one statement; false when another use came first. */
export async function claimRefreshToken(db: Db, companyId: string, id: string, at: Date): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length > 0;
}

export async function revokeTokenFamily(db: Db, companyId: string, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeEmployeeTokens(db: Db, companyId: string, employeeId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.employeeId, employeeId), isNull(refreshTokens.revokedAt)));
}

// ---------------------------------------------------------------------------------------------------------------
// Throttled attempts (`attempts.ts` holds the rules)

/** The attempts of an identifier, or of an identifier from one address. */
export interface AttemptFilter {
  identifier: string;
  /** Only this address's attempts; every attempt of the identifier when null. */
  ip: string | null;
}

function attemptFilter(f: AttemptFilter) {
  return f.ip === null
    ? eq(loginFailures.identifier, f.identifier)
    : and(eq(loginFailures.identifier, f.identifier), eq(loginFailures.ip, f.ip));
}

/** Waits for, then holds until the transaction ends, the advisory lock of one key. */
export async function lockAttemptKey(tx: Db, namespace: number, lockKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${namespace}::int, hashtext(${lockKey}))`);
}

export async function countAttemptsSince(db: Db, f: AttemptFilter, since: Date): Promise<number> {
  const [recent] = await db.select({ n: count() }).from(loginFailures).where(and(attemptFilter(f), gt(loginFailures.createdAt, since)));
  return recent?.n ?? 0;
}

export async function insertAttempt(db: Db, identifier: string, ip: string): Promise<number | null> {
  const [row] = await db.insert(loginFailures).values({ identifier, ip }).returning({ id: loginFailures.id });
  return row?.id ?? null;
}

export async function deleteAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

export async function deleteAttempts(db: Db, f: AttemptFilter): Promise<void> {
  await db.delete(loginFailures).where(attemptFilter(f));
}

/** Deletes, of the `batch` oldest attempts (lowest ids), those made before `before`. */
export async function deleteOldestAttemptsBefore(db: Db, before: Date, batch: number): Promise<void> {
  const oldest = db.select({ id: loginFailures.id }).from(loginFailures).orderBy(loginFailures.id).limit(batch);
  await db.delete(loginFailures).where(and(inArray(loginFailures.id, oldest), lt(loginFailures.createdAt, before)));
}
