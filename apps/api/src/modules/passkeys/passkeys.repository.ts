/** Queries of passkeys: a person's own (always by company and person), and the lookup by credential id of a passwordless sign-in. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, passkeys } from '../../db/schema/index.js';

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function listPasskeys(db: Db, companyId: string, employeeId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys)
    .where(and(eq(passkeys.companyId, companyId), eq(passkeys.employeeId, employeeId)))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/**
 * Keeps a new passkey unless its credential is already registered (anywhere: a passwordless sign-in finds a passkey
 * by its credential id alone). Called in a transaction: the check and the insert run under a lock on the credential
 * id, so two registrations of one credential cannot both pass. Null when it was already there.
 */
/** The person's passkeys, counted with their employee row locked for the rest of the transaction. */
export async function countPasskeysLocked(tx: Db, companyId: string, employeeId: string): Promise<number> {
  await tx.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId))).for('update');
  const [row] = await tx.select({ n: count() }).from(passkeys).where(and(eq(passkeys.companyId, companyId), eq(passkeys.employeeId, employeeId)));
  return row?.n ?? 0;
}

export async function insertPasskey(tx: Db, values: typeof passkeys.$inferInsert): Promise<PasskeyRow | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(7303, hashtext(${values.credentialId}))`);
  const [existing] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, values.credentialId)).limit(1);
  if (existing) return null;
  const [row] = await tx.insert(passkeys).values(values).returning();
  return row ?? null;
}

export async function renamePasskey(db: Db, companyId: string, employeeId: string, id: string, name: string): Promise<PasskeyRow | null> {
  const [row] = await db.update(passkeys).set({ name })
    .where(and(eq(passkeys.companyId, companyId), eq(passkeys.employeeId, employeeId), eq(passkeys.id, id)))
    .returning();
  return row ?? null;
}

export async function deletePasskey(db: Db, companyId: string, employeeId: string, id: string): Promise<PasskeyRow | null> {
  const [row] = await db.delete(passkeys)
    .where(and(eq(passkeys.companyId, companyId), eq(passkeys.employeeId, employeeId), eq(passkeys.id, id)))
    .returning();
  return row ?? null;
}

/** A passkey with the state of its person, found by credential id across organisations (passwordless sign-in). */
export async function findByCredential(db: Db, credentialId: string) {
  const [row] = await db
    .select({ passkey: passkeys, isActive: employees.isActive })
    .from(passkeys)
    .innerJoin(employees, and(eq(employees.companyId, passkeys.companyId), eq(employees.id, passkeys.employeeId)))
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row ?? null;
}

/**
 * Records a use: the new signature counter and the time, only if the counter is still the one that was checked (of
 * two simultaneous uses of one answer, one passes). False when another use came first.
 */
export async function recordUse(db: Db, row: PasskeyRow, counter: number, at: Date): Promise<boolean> {
  const rows = await db.update(passkeys).set({ counter, lastUsedAt: at })
    .where(and(eq(passkeys.companyId, row.companyId), eq(passkeys.id, row.id), eq(passkeys.counter, row.counter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** The person's names for the authenticator's account list. */
export async function accountNames(db: Db, companyId: string, employeeId: string) {
  const [row] = await db.select({ name: employees.name, username: employees.username, email: employees.email })
    .from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId))).limit(1);
  return row ?? null;
}
