/**
 * Queries of sign-in sessions, the sign-in history, known devices and the organisation's session rules. Every query
 * is scoped by the company.
 */
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies, companySecurity, employeeRoles, employees, knownDevices, refreshTokens, rolePermissions, signInHistory, signInSessions,
} from '../../db/schema/index.js';
import { SESSION_DEFAULTS } from '../../lib/credential-liveness.js';

export type SessionRow = typeof signInSessions.$inferSelect;

/** The most sessions a list shows (live ones first, then the latest ended). */
export const SESSION_LIST_MAX = 50;

const idleMinutes = sql`coalesce((select ${companySecurity.idleTimeoutMinutes} from ${companySecurity}
  where ${companySecurity.companyId} = ${signInSessions.companyId}), ${SESSION_DEFAULTS.idleTimeoutMinutes})`;
const lifetimeHours = sql`coalesce((select ${companySecurity.absoluteLifetimeHours} from ${companySecurity}
  where ${companySecurity.companyId} = ${signInSessions.companyId}), ${SESSION_DEFAULTS.absoluteLifetimeHours})`;

/**
 * Stamps the person's sessions that are past the organisation's limits as ended ('idle' at their last use plus the
 * timeout, 'expired' at their start plus the lifetime, whichever came first), so lists show why they ended. The
 * credential check refuses such a session whether or not it is stamped.
 */
export async function stampLapsedSessions(db: Db, companyId: string, employeeId: string): Promise<void> {
  const idleEnd = sql`${signInSessions.lastSeenAt} + make_interval(mins => ${idleMinutes})`;
  const lifeEnd = sql`${signInSessions.createdAt} + make_interval(hours => ${lifetimeHours})`;
  await db
    .update(signInSessions)
    .set({
      endedAt: sql`least(${idleEnd}, ${lifeEnd})`,
      endReason: sql`case when ${idleEnd} <= ${lifeEnd} then 'idle' else 'expired' end`,
    })
    .where(and(
      eq(signInSessions.companyId, companyId),
      eq(signInSessions.employeeId, employeeId),
      isNull(signInSessions.endedAt),
      sql`(${idleEnd} <= now() or ${lifeEnd} <= now())`,
    ));
}

/** The person's sessions: live first (latest use first), then ended ones, newest first; bounded. */
export async function listSessions(db: Db, companyId: string, employeeId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(signInSessions)
    .where(and(eq(signInSessions.companyId, companyId), eq(signInSessions.employeeId, employeeId)))
    .orderBy(sql`${signInSessions.endedAt} is not null`, desc(signInSessions.lastSeenAt), desc(signInSessions.createdAt))
    .limit(SESSION_LIST_MAX);
}

/**
 * Ends the person's live sessions (one, or all but one, or all) and revokes their refresh-token families, in the
 * caller's transaction; the ids of the sessions ended.
 */
export async function endPersonSessions(
  tx: Db, companyId: string, employeeId: string, which: { only?: string; except?: string }, reason: string, at: Date,
): Promise<string[]> {
  const ended = await tx
    .update(signInSessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(
      eq(signInSessions.companyId, companyId),
      eq(signInSessions.employeeId, employeeId),
      isNull(signInSessions.endedAt),
      which.only ? eq(signInSessions.id, which.only) : undefined,
      which.except ? ne(signInSessions.id, which.except) : undefined,
    ))
    .returning({ id: signInSessions.id });
  const ids = ended.map((r) => r.id);
  if (ids.length) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.companyId, companyId), inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));
  }
  return ids;
}

/** Whether the person is of this company. */
export async function personExists(db: Db, companyId: string, employeeId: string): Promise<boolean> {
  const [row] = await db.select({ id: employees.id }).from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId))).limit(1);
  return !!row;
}

/** The distinct permissions the person's roles grant. */
export async function permissionsOf(db: Db, companyId: string, employeeId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(employeeRoles)
    .innerJoin(rolePermissions, and(eq(rolePermissions.companyId, employeeRoles.companyId), eq(rolePermissions.roleId, employeeRoles.roleId)))
    .where(and(eq(employeeRoles.companyId, companyId), eq(employeeRoles.employeeId, employeeId)));
  return rows.map((r) => r.permission);
}

/** A page of the person's sign-in history, newest first, with one more row than asked to tell whether more follow. */
export async function historyPage(db: Db, companyId: string, employeeId: string, page: number, limit: number) {
  return db
    .select({
      id: signInHistory.id, at: signInHistory.at, ip: signInHistory.ip, device: signInHistory.device, method: signInHistory.method,
      result: signInHistory.result, newDevice: signInHistory.newDevice,
    })
    .from(signInHistory)
    .where(and(eq(signInHistory.companyId, companyId), eq(signInHistory.employeeId, employeeId)))
    .orderBy(desc(signInHistory.at), desc(signInHistory.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
}

// ---------------------------------------------------------------------------------------------------------------
// The organisation's session rules

export async function findSessionPolicy(db: Db, companyId: string) {
  const [row] = await db
    .select({ idleTimeoutMinutes: companySecurity.idleTimeoutMinutes, absoluteLifetimeHours: companySecurity.absoluteLifetimeHours })
    .from(companySecurity)
    .where(eq(companySecurity.companyId, companyId));
  return row ?? { idleTimeoutMinutes: SESSION_DEFAULTS.idleTimeoutMinutes, absoluteLifetimeHours: SESSION_DEFAULTS.absoluteLifetimeHours };
}

/** Sets the two session columns only (the row's other rules, the second factor's, are left as they are). */
export async function upsertSessionPolicy(db: Db, companyId: string, values: { idleTimeoutMinutes: number; absoluteLifetimeHours: number }, at: Date) {
  await db
    .insert(companySecurity)
    .values({ companyId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: companySecurity.companyId, set: { ...values, updatedAt: at } });
}

// ---------------------------------------------------------------------------------------------------------------
// Known devices and the new-device e-mail

/**
 * Records the device of a sign-in; answers whether it is new to a person who had signed in from others before (the
 * first device ever is nothing to compare with).
 */
export async function rememberDevice(tx: Db, companyId: string, employeeId: string, deviceKey: string, at: Date): Promise<boolean> {
  const [before] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(knownDevices)
    .where(and(eq(knownDevices.companyId, companyId), eq(knownDevices.employeeId, employeeId)));
  // Of two simultaneous sign-ins from one new device, one inserts the row: one e-mail.
  const inserted = await tx
    .insert(knownDevices)
    .values({ companyId, employeeId, deviceKey, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoNothing()
    .returning({ key: knownDevices.deviceKey });
  if (inserted.length === 0) {
    await tx.update(knownDevices).set({ lastSeenAt: at })
      .where(and(eq(knownDevices.companyId, companyId), eq(knownDevices.employeeId, employeeId), eq(knownDevices.deviceKey, deviceKey)));
    return false;
  }
  return Number(before?.n ?? 0) > 0;
}

export async function markHistoryNewDevice(tx: Db, companyId: string, sessionId: string): Promise<void> {
  await tx
    .update(signInHistory)
    .set({ newDevice: true })
    .where(and(eq(signInHistory.companyId, companyId), eq(signInHistory.sessionId, sessionId)));
}

/** What the new-device e-mail says: the person, their company, and the sign-in. */
export async function newDeviceFacts(db: Db, companyId: string, sessionId: string) {
  const [row] = await db
    .select({
      name: employees.name, email: employees.email, isActive: employees.isActive, company: companies.name, timeZone: companies.timeZone,
      device: signInSessions.device, ip: signInSessions.ip, at: signInSessions.createdAt,
    })
    .from(signInSessions)
    .innerJoin(employees, and(eq(employees.companyId, signInSessions.companyId), eq(employees.id, signInSessions.employeeId)))
    .innerJoin(companies, eq(companies.id, signInSessions.companyId))
    .where(and(eq(signInSessions.companyId, companyId), eq(signInSessions.id, sessionId)))
    .limit(1);
  return row ?? null;
}
