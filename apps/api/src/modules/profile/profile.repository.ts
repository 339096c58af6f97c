/** Every query of the caller's own profile: their password, sessions and display settings. All scoped by company. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, refreshTokens, signInSessions } from '../../db/schema/index.js';

export type DisplaySettings = Pick<typeof employees.$inferSelect, 'hijriMode' | 'digits' | 'startScreen'>;

function own(companyId: string, employeeId: string) {
  return and(eq(employees.companyId, companyId), eq(employees.id, employeeId));
}

/** The employee's password hash: null without an account, undefined when there is no such employee. */
export async function findPasswordHash(db: Db, companyId: string, employeeId: string): Promise<string | null | undefined> {
  const [account] = await db.select({ passwordHash: employees.passwordHash }).from(employees).where(own(companyId, employeeId)).limit(1);
  return account?.passwordHash;
}

/** Replaces the password hash only while it is still `currentHash`; false when it was changed meanwhile. */
export async function replacePasswordHash(db: Db, companyId: string, employeeId: string, currentHash: string, newHash: string): Promise<boolean> {
  const changed = await db
    .update(employees)
    .set({ passwordHash: newHash, updatedAt: new Date() })
    .where(and(own(companyId, employeeId), eq(employees.passwordHash, currentHash)))
    .returning({ id: employees.id });
  return changed.length > 0;
}

/** What the sign-in `sessionId` holds as proof of who the person is (undefined when there is no such sign-in). */
export async function sessionProofOf(db: Db, companyId: string, sessionId: string) {
  const [row] = await db.select({
    method: signInSessions.method, secondFactor: signInSessions.secondFactor, verifiedAt: signInSessions.verifiedAt, enrolmentRequired: signInSessions.enrolmentRequired,
  }).from(signInSessions).where(and(eq(signInSessions.companyId, companyId), eq(signInSessions.id, sessionId))).limit(1);
  return row;
}

export async function sessionVersionOf(db: Db, companyId: string, employeeId: string): Promise<number | undefined> {
  const [fresh] = await db.select({ sv: employees.sessionVersion }).from(employees).where(own(companyId, employeeId));
  return fresh?.sv;
}

export async function insertRefreshToken(db: Db, row: { companyId: string; employeeId: string; familyId: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(refreshTokens).values(row);
}

export async function findDisplaySettings(db: Db, companyId: string, employeeId: string): Promise<DisplaySettings | undefined> {
  const [row] = await db
    .select({ hijriMode: employees.hijriMode, digits: employees.digits, startScreen: employees.startScreen })
    .from(employees)
    .where(own(companyId, employeeId))
    .limit(1);
  return row;
}

export async function saveDisplaySettings(db: Db, companyId: string, employeeId: string, settings: Partial<DisplaySettings>) {
  await db.update(employees).set({ ...settings, updatedAt: new Date() }).where(own(companyId, employeeId));
}

/** An active clinic of the company, or undefined. */

/** The clinic the employee last chose (null: none yet). */
export async function findLastClinic(db: Db, companyId: string, employeeId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ id: employees.lastClinicId }).from(employees).where(own(companyId, employeeId)).limit(1);
  return row?.id;
}

/**
 * Only while the last choice is still `before`, so of two tabs choosing at once one is recorded, with its own audit
 * row; false when it had changed meanwhile.
 */
export async function saveLastClinic(db: Db, companyId: string, employeeId: string, before: string | null, clinicId: string): Promise<boolean> {
  const changed = await db
    .update(employees)
    .set({ lastClinicId: clinicId })
    .where(and(own(companyId, employeeId), before === null ? isNull(employees.lastClinicId) : eq(employees.lastClinicId, before)))
    .returning({ id: employees.id });
  return changed.length > 0;
}
