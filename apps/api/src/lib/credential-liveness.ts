/**
 * The one place that decides whether a credential may still act for the person it was issued to.
 *
 * A credential (an access or refresh token, a signed file link, a calendar feed's address, an open live stream, a
 * bulk export's status address, an invitation to set up an account) acts for a person of one company. At each use it asks `credentialHolder` (or
 * `credentialIsLive`): the person must exist and be active, their company must be open, the credential's generation
 * must be current (the session version a password change or deactivation raises; the sign-in's session, which logout,
 * "end session", deactivation end, and which also ends when idle past the organisation's timeout or older than its
 * lifetime), and they must still hold the permission the credential needs. Patient links act for the
 * clinic, not a person (the reminders job issues them for an appointment, check-in for a waiting-room ticket): they
 * need the company open (`companyIsOpen`). So do waiting-room display tokens (a clinic's screen), which also end with
 * the display's revocation.
 *
 * What cannot be checked cheaply at use is ended when the person or the company ends (`endCredentials`): refresh
 * tokens and feeds are stamped revoked (so reactivation or reopening revives nothing), session versions are raised,
 * open streams are told to re-check, and each revocation is audited.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hasPermission, type Permission } from '@clinic/shared';
import type { Db } from '../db/client.js';
import {
  calendarFeeds, companies, companySecurity, employeeRoles, employees, encounterAccessGrants, invitations, refreshTokens, rolePermissions, signInSessions,
} from '../db/schema/index.js';
import type { Caller, CallerSession, Deps, RoutePermission } from './app-types.js';
import { recordAudit } from './audit.js';
import { announceAccessChange } from './caller-cache.js';
import type { RequestContext } from './request-context.js';
import { inTransaction } from './transaction.js';

/**
 * Every kind of credential the API hands out. The credential-lifetime test has one row per kind and fails when a kind
 * here has no row: a new kind is added here, made to ask `credentialHolder`, `credentialIsLive` or `companyIsOpen`, and
 * given a row.
 */
export const CREDENTIAL_KINDS = [
  'access_token', 'refresh_token', 'file_link', 'calendar_feed', 'live_stream', 'fhir_export_status', 'patient_link', 'invitation', 'queue_link',
  'display_token',
] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** Who a credential was issued to, and the generation it carries. */
export interface Holder {
  companyId: string;
  employeeId: string;
  /** employees.session_version at issue; omitted by credentials that carry none (a refresh token, a feed). */
  sessionVersion?: number;
  /** The sign-in's refresh-token family: the credential ends with the sign-in (logout, deactivation). */
  familyId?: string;
}

/** Whether the held permissions satisfy what a credential (or route) needs; `admin` implies every permission. */
export function permits(required: RoutePermission, held: string[]): boolean {
  if (required === 'authenticated') return true;
  const list = (Array.isArray(required) ? required : [required]) as Permission[];
  return hasPermission(held, ...list);
}

/** The person's row when the holder is live (active, company open, session version current), else null; the sign-in is `liveSession`'s. */
async function liveRow(db: Db, holder: Holder) {
  const [row] = await db
    .select({
      id: employees.id, companyId: employees.companyId, employeeType: employees.employeeType, plan: companies.plan, timeZone: companies.timeZone,
    })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(and(
      eq(employees.companyId, holder.companyId),
      eq(employees.id, holder.employeeId),
      eq(employees.isActive, true),
      isNull(companies.closedAt),
      holder.sessionVersion === undefined ? undefined : eq(employees.sessionVersion, holder.sessionVersion),
    ))
    .limit(1);
  return row ?? null;
}

/** The organisation's session rules when it has set none. */
export const SESSION_DEFAULTS = { stepUpMinutes: 15, idleTimeoutMinutes: 30, absoluteLifetimeHours: 12 } as const;

/**
 * The holder's sign-in when it is live: not ended, used within the organisation's idle timeout, begun within its
 * absolute lifetime. Null otherwise.
 */
async function liveSession(db: Db, holder: Holder & { familyId: string }): Promise<CallerSession | null> {
  const idle = sql`coalesce(${companySecurity.idleTimeoutMinutes}, ${SESSION_DEFAULTS.idleTimeoutMinutes})`;
  const lifetime = sql`coalesce(${companySecurity.absoluteLifetimeHours}, ${SESSION_DEFAULTS.absoluteLifetimeHours})`;
  const [row] = await db
    .select({
      id: signInSessions.id,
      enrolmentRequired: signInSessions.enrolmentRequired,
      verifiedAt: signInSessions.verifiedAt,
      stepUpMinutes: sql<number>`coalesce(${companySecurity.stepUpMinutes}, ${SESSION_DEFAULTS.stepUpMinutes})::int`,
    })
    .from(signInSessions)
    .leftJoin(companySecurity, eq(companySecurity.companyId, signInSessions.companyId))
    .where(and(
      eq(signInSessions.companyId, holder.companyId),
      eq(signInSessions.id, holder.familyId),
      eq(signInSessions.employeeId, holder.employeeId),
      isNull(signInSessions.endedAt),
      sql`${signInSessions.lastSeenAt} > now() - make_interval(mins => ${idle})`,
      sql`${signInSessions.createdAt} > now() - make_interval(hours => ${lifetime})`,
    ))
    .limit(1);
  return row ?? null;
}

/** Whether the person proved who they are in this sign-in within the organisation's step-up window. */
export function recentlyVerified(session: CallerSession | undefined, nowMs = Date.now()): boolean {
  if (!session?.verifiedAt) return false;
  return nowMs - session.verifiedAt.getTime() < session.stepUpMinutes * 60_000;
}

const TOUCH_EVERY_MS = 60_000;
const touched = new Map<string, number>();

/**
 * Records that a sign-in is in use (its idle timeout starts again), at most once a minute per sign-in per server, so a
 * busy screen costs no write per request.
 */
export async function touchSession(db: Db, companyId: string, sessionId: string, nowMs = Date.now()): Promise<void> {
  const last = touched.get(sessionId);
  if (last !== undefined && nowMs - last < TOUCH_EVERY_MS) return;
  if (touched.size >= 50_000) touched.clear();
  touched.set(sessionId, nowMs);
  try {
    await db
      .update(signInSessions)
      .set({ lastSeenAt: new Date(nowMs) })
      .where(and(eq(signInSessions.companyId, companyId), eq(signInSessions.id, sessionId), isNull(signInSessions.endedAt)));
  } catch (err) {
    touched.delete(sessionId);
    throw err;
  }
}

async function permissionsOf(db: Db, holder: Holder): Promise<string[]> {
  const perms = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(employeeRoles)
    .innerJoin(rolePermissions, and(eq(rolePermissions.companyId, employeeRoles.companyId), eq(rolePermissions.roleId, employeeRoles.roleId)))
    .where(and(eq(employeeRoles.companyId, holder.companyId), eq(employeeRoles.employeeId, holder.employeeId)));
  return perms.map((p) => p.permission);
}

/**
 * The person behind a credential, read fresh from the database, or null when the credential must be refused: the
 * person is gone or inactive, their company is closed, the session version or sign-in family is no longer current,
 * or (with `need`) they no longer hold the permission.
 */
export async function credentialHolder(db: Db, holder: Holder, need: RoutePermission = 'authenticated'): Promise<Caller | null> {
  const row = await liveRow(db, holder);
  if (!row) return null;
  const session = holder.familyId === undefined ? undefined : await liveSession(db, { ...holder, familyId: holder.familyId });
  if (session === null) return null;
  const caller: Caller = { ...row, permissions: await permissionsOf(db, holder), ...(session && { session }) };
  return permits(need, caller.permissions) ? caller : null;
}

/** Whether a credential may still act: `credentialHolder` without building the caller (one query when it needs no permission). */
export async function credentialIsLive(db: Db, holder: Holder, need: RoutePermission = 'authenticated'): Promise<boolean> {
  if (!(await liveRow(db, holder))) return false;
  if (holder.familyId !== undefined && !(await liveSession(db, { ...holder, familyId: holder.familyId }))) return false;
  return need === 'authenticated' || permits(need, await permissionsOf(db, holder));
}

/** Whether the company exists and is open: what a credential of the clinic itself (a patient link) needs. */
export async function companyIsOpen(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), isNull(companies.closedAt))).limit(1);
  return !!row;
}

/** Why credentials are ended: written to the audit log with each revocation. */
export type EndReason = 'deactivated' | 'deleted' | 'company_closed';

/**
 * Ends, for good, what acts for a person (`employeeId`) or for everyone of a company (no `employeeId`): their
 * refresh-token families are revoked and session versions raised (access tokens and file links stop), their calendar
 * feeds are stamped revoked and their break-the-glass grants expired (reactivation revives neither), and every server drops the company's cached callers,
 * which makes open live streams re-check their holder and close. Each revocation is audited with its reason, in the
 * same transaction. Run once the change that ends the person or company is committed.
 */
export async function endCredentials(
  deps: Deps, ctx: RequestContext, end: CredentialEnd,
): Promise<void> {
  await inTransaction(deps.db, (tx) => revokeCredentials(tx, ctx, end));
  await announceCredentialChange(deps, ctx, end.companyId);
}

export interface CredentialEnd { companyId: string; employeeId?: string; actorId: string | null; reason: EndReason }

/**
 * The revocations of `endCredentials`, with their audit rows, inside the caller's transaction (the change that ends
 * the person commits with them); announce with `announceCredentialChange` once committed.
 */
export async function revokeCredentials(tx: Db, ctx: RequestContext, end: CredentialEnd): Promise<void> {
  const at = new Date();
  const { companyId, employeeId, actorId, reason } = end;
  const families = await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.companyId, companyId), employeeId ? eq(refreshTokens.employeeId, employeeId) : undefined, isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId, employeeId: refreshTokens.employeeId });
  await tx
    .update(signInSessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(signInSessions.companyId, companyId), employeeId ? eq(signInSessions.employeeId, employeeId) : undefined, isNull(signInSessions.endedAt)));
  await tx
    .update(employees)
    .set({ sessionVersion: sql`${employees.sessionVersion} + 1` })
    .where(and(eq(employees.companyId, companyId), employeeId ? eq(employees.id, employeeId) : undefined));
  const feeds = await tx
    .update(calendarFeeds)
    .set({ revokedAt: at })
    .where(and(eq(calendarFeeds.companyId, companyId), employeeId ? eq(calendarFeeds.createdBy, employeeId) : undefined, isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  for (const person of new Set(families.map((f) => f.employeeId))) {
    const signIns = new Set(families.filter((f) => f.employeeId === person).map((f) => f.familyId)).size;
    await recordAudit(tx, ctx, { companyId, actorId, action: 'revoke', entity: 'session', entityId: person, changes: { reason, signIns } });
  }
  for (const feed of feeds) {
    await recordAudit(tx, ctx, { companyId, actorId, action: 'revoke', entity: 'calendar_feed', entityId: feed.id, changes: { reason } });
  }
  // Break-the-glass grants (modules/encounters/access-grants.ts) end with the person or the company: a reactivated
  // account sees no sensitive encounter it opened before without giving a reason again.
  const grants = await tx
    .update(encounterAccessGrants)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(encounterAccessGrants.companyId, companyId), employeeId ? eq(encounterAccessGrants.employeeId, employeeId) : undefined, gt(encounterAccessGrants.expiresAt, sql`now()`)))
    .returning({ id: encounterAccessGrants.id, encounterId: encounterAccessGrants.encounterId, employeeId: encounterAccessGrants.employeeId });
  for (const grant of grants) {
    await recordAudit(tx, ctx, { companyId, actorId, action: 'revoke', entity: 'encounter', entityId: grant.encounterId, changes: { reason, grant: grant.id, employee: grant.employeeId } });
  }
  // Invitations not yet taken up: reactivating or reopening sends no one back to an old link.
  const invited = await tx
    .update(invitations)
    .set({ revokedAt: at })
    .where(and(eq(invitations.companyId, companyId), employeeId ? eq(invitations.employeeId, employeeId) : undefined, isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id, employeeId: invitations.employeeId });
  for (const invitation of invited) {
    await recordAudit(tx, ctx, { companyId, actorId, action: 'revoke', entity: 'invitation', entityId: invitation.id, changes: { reason, employee: invitation.employeeId } });
  }
}

/**
 * Tells this server and the others that the company's credentials changed (sessions revoked, closed or reopened): cached
 * callers are dropped and open streams re-check their person.
 */
export async function announceCredentialChange(deps: Deps, ctx: RequestContext, companyId: string): Promise<void> {
  deps.callers.invalidateCompany(companyId);
  try {
    await announceAccessChange(deps.db, companyId);
  } catch (err) {
    // Revoked all the same; other servers' cached callers and streams catch up within CALLER_CACHE_MS.
    ctx.log.warn({ err }, 'could not tell the other servers that credentials ended');
  }
}

/** How long a stream waits after a change before re-checking its holder, so a burst of writes costs one check. */
const RECHECK_DELAY_MS = 50;

/**
 * Keeps an open stream tied to the person it was opened for. After every change of who may do what in their company
 * (on this server or another: the caller cache's change signal), the holder is checked again through the credential
 * liveness check; once they are deactivated, deleted, their sign-in ended or the company closed, `end` is called.
 * Otherwise `update` gets the caller as they are now (a changed role changes which events they receive).
 * Returns the function that stops watching (call it when the stream closes).
 */
export function guardStream(deps: Deps, holder: Holder, end: () => void, update: (caller: Caller) => void): () => void {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const check = async () => {
    timer = null;
    try {
      const caller = await credentialHolder(deps.db, holder);
      if (stopped) return;
      if (caller) update(caller);
      else end();
    } catch {
      // The database did not answer: the stream still ends with the access token's life.
    }
  };
  const unwatch = deps.callers.onCompanyChange((companyId) => {
    if (companyId !== holder.companyId || timer || stopped) return;
    timer = setTimeout(() => void check(), RECHECK_DELAY_MS);
  });
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    unwatch();
  };
}
