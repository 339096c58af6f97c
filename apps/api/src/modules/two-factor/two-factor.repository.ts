/** Queries of second factors: the authenticator secret, recovery codes, the session's enrolment, the organisation's rule. */
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companySecurity, employees, passkeys, recoveryCodes, roles, totpFactors } from '../../db/schema/index.js';

export type TotpRow = typeof totpFactors.$inferSelect;

const totpOf = (companyId: string, employeeId: string) => and(eq(totpFactors.companyId, companyId), eq(totpFactors.employeeId, employeeId));

export async function findTotp(db: Db, companyId: string, employeeId: string): Promise<TotpRow | null> {
  const [row] = await db.select().from(totpFactors).where(totpOf(companyId, employeeId));
  return row ?? null;
}

/** A new, unconfirmed secret, replacing an unconfirmed one; false when a confirmed one is there (checked in the statement). */
export async function putPendingTotp(db: Db, companyId: string, employeeId: string, secretEnc: string): Promise<boolean> {
  const rows = await db
    .insert(totpFactors)
    .values({ companyId, employeeId, secretEnc })
    .onConflictDoUpdate({
      target: [totpFactors.companyId, totpFactors.employeeId],
      set: { secretEnc, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ id: totpFactors.employeeId });
  return rows.length > 0;
}

/**
 * Accepts a code of time step `step` once: the stored step moves forward in the same statement that checks it, so a
 * code replayed in its window (or an older one) finds nothing to update. `confirm` turns a pending secret on.
 */
export async function acceptStep(db: Db, companyId: string, employeeId: string, step: number, confirm: boolean): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastStep: step, ...(confirm && { confirmedAt: sql`now()` }) })
    .where(and(
      totpOf(companyId, employeeId),
      confirm ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
      or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
    ))
    .returning({ id: totpFactors.employeeId });
  return rows.length > 0;
}

export async function deleteTotp(db: Db, companyId: string, employeeId: string): Promise<boolean> {
  const rows = await db.delete(totpFactors).where(and(totpOf(companyId, employeeId), isNotNull(totpFactors.confirmedAt))).returning({ id: totpFactors.employeeId });
  return rows.length > 0;
}

/** Replaces the person's recovery codes with a new set (hashes). */
export async function replaceRecoveryCodes(db: Db, companyId: string, employeeId: string, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(and(eq(recoveryCodes.companyId, companyId), eq(recoveryCodes.employeeId, employeeId)));
  if (hashes.length) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ companyId, employeeId, codeHash })));
}

/**
 * Deletes the person's recovery codes when they have no second factor left (no authenticator on, no passkey): the
 * codes stand in for a factor, and kept they would work again once any new factor is added. Checked in the statement.
 */
export async function dropRecoveryCodesWithoutFactor(db: Db, companyId: string, employeeId: string): Promise<void> {
  await db.delete(recoveryCodes).where(and(
    eq(recoveryCodes.companyId, companyId),
    eq(recoveryCodes.employeeId, employeeId),
    sql`not exists (select 1 from ${totpFactors} where ${totpFactors.companyId} = ${companyId}
      and ${totpFactors.employeeId} = ${employeeId} and ${totpFactors.confirmedAt} is not null)`,
    sql`not exists (select 1 from ${passkeys} where ${passkeys.companyId} = ${companyId} and ${passkeys.employeeId} = ${employeeId})`,
  ));
}

/** Spends an unused recovery code (once: of two simultaneous uses one succeeds). */
export async function spendRecoveryCode(db: Db, companyId: string, employeeId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(
      eq(recoveryCodes.companyId, companyId), eq(recoveryCodes.employeeId, employeeId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt),
    ))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function findPolicy(db: Db, companyId: string): Promise<{ roleIds: string[]; stepUpMinutes: number }> {
  const [row] = await db
    .select({ roleIds: companySecurity.secondFactorRoleIds, stepUpMinutes: companySecurity.stepUpMinutes })
    .from(companySecurity)
    .where(eq(companySecurity.companyId, companyId));
  return { roleIds: (row?.roleIds as string[] | undefined) ?? [], stepUpMinutes: row?.stepUpMinutes ?? 15 };
}

/** Sets the second-factor rule (the organisation's other sign-in settings are left as they are). */
export async function savePolicy(db: Db, companyId: string, roleIds: string[], stepUpMinutes: number): Promise<void> {
  await db
    .insert(companySecurity)
    .values({ companyId, secondFactorRoleIds: roleIds, stepUpMinutes })
    .onConflictDoUpdate({ target: companySecurity.companyId, set: { secondFactorRoleIds: roleIds, stepUpMinutes, updatedAt: sql`now()` } });
}

/** How many of these role ids are the company's. */
export async function countCompanyRoles(db: Db, companyId: string, roleIds: string[]): Promise<number> {
  if (!roleIds.length) return 0;
  const rows = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, companyId), inArray(roles.id, roleIds)));
  return rows.length;
}

/** The person's password hash and the name an authenticator app lists them under. */
export async function accountOf(db: Db, companyId: string, employeeId: string): Promise<{ passwordHash: string | null; label: string } | null> {
  const [row] = await db
    .select({ passwordHash: employees.passwordHash, username: employees.username, email: employees.email, name: employees.name })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  return row ? { passwordHash: row.passwordHash, label: row.username ?? row.email ?? row.name } : null;
}
