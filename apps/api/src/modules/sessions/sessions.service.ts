import type { SessionPolicy, SessionPolicyInput, SessionRecord, SignInHistoryPage } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { announceCredentialChange } from '../../lib/credential-liveness.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import {
  endPersonSessions, findSessionPolicy, historyPage, listSessions, permissionsOf, personExists, stampLapsedSessions, upsertSessionPolicy,
  type SessionRow,
} from './sessions.repository.js';

/*
 * Sign-in sessions: a person's own (see, end one, end all the others), an administrator's view of a person's sessions
 * and "end all", the sign-in history, and the organisation's idle timeout and absolute lifetime. Ending a session
 * stamps it ended and revokes its refresh tokens in one transaction with the audit row, then every server drops its
 * cached callers of the company (the access token is refused at its next use, on any server, within seconds).
 *
 * Another person's sessions and history are guarded as their record is (employees.service.ts): below administrator,
 * nobody sees or ends an administrator's (403 ADMINISTRATOR_PROTECTED), as nobody edits them; and ending someone's
 * sessions signs them out everywhere, as deactivating them would, so it also needs every permission they hold (403
 * GRANT_BEYOND_OWN), as the status switch does. A person's own are theirs, through either route. The rules are stated
 * here again rather than imported: the employees module depends on sign-in (auth), which depends on this module.
 */

const sessionNotFound = () => new AppError(404, 'SESSION_NOT_FOUND', 'errors.security.sessionNotFound');
const personNotFound = () => new AppError(404, 'EMPLOYEE_SESSIONS_NOT_FOUND', 'errors.security.sessionPersonNotFound');
const administratorProtected = () => new AppError(403, 'ADMINISTRATOR_PROTECTED', 'errors.administratorProtected');
const beyondOwn = () => new AppError(403, 'GRANT_BEYOND_OWN', 'errors.grantBeyondOwn');

function toRecord(row: SessionRow, currentId: string | undefined): SessionRecord {
  return {
    _id: row.id,
    current: row.id === currentId,
    live: row.endedAt === null,
    device: row.device,
    userAgent: row.userAgent,
    ip: row.ip,
    method: row.method,
    secondFactor: row.secondFactor,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    endReason: row.endReason,
  };
}

async function sessionsOf(deps: Deps, companyId: string, employeeId: string, currentId?: string): Promise<SessionRecord[]> {
  await stampLapsedSessions(deps.db, companyId, employeeId);
  return (await listSessions(deps.db, companyId, employeeId)).map((r) => toRecord(r, currentId));
}

/** The caller's own sessions, live first, the one of this request marked. */
export function mySessions(deps: Deps, caller: Caller): Promise<SessionRecord[]> {
  return sessionsOf(deps, caller.companyId, caller.id, caller.session?.id);
}

async function endAndAnnounce(
  deps: Deps, ctx: RequestContext, caller: Caller, employeeId: string, which: { only?: string; except?: string }, reason: 'ended_by_user' | 'ended_by_admin',
  allowed?: (tx: Db) => Promise<void>,
): Promise<number> {
  const ended = await inTransaction(deps.db, async (tx) => {
    await allowed?.(tx);
    const ids = await endPersonSessions(tx, caller.companyId, employeeId, which, reason, new Date());
    if (ids.length) {
      await recordAudit(tx, ctx, {
        companyId: caller.companyId, actorId: caller.id, action: 'end_sessions', entity: 'session', entityId: which.only ?? employeeId,
        changes: { reason, employee: employeeId, sessions: ids },
      });
    }
    return ids.length;
  });
  if (ended) await announceCredentialChange(deps, ctx, caller.companyId);
  return ended;
}

/** Ends one of the caller's own live sessions (this one included: the same as signing out). */
export async function endMySession(deps: Deps, ctx: RequestContext, caller: Caller, sessionId: string): Promise<{ ended: number }> {
  const ended = await endAndAnnounce(deps, ctx, caller, caller.id, { only: sessionId }, 'ended_by_user');
  if (!ended) throw sessionNotFound();
  return { ended };
}

/** Ends every live session of the caller but the one of this request. */
export async function endMyOtherSessions(deps: Deps, ctx: RequestContext, caller: Caller): Promise<{ ended: number }> {
  return { ended: await endAndAnnounce(deps, ctx, caller, caller.id, caller.session ? { except: caller.session.id } : {}, 'ended_by_user') };
}

/** Refuses (403) a caller who may not see another person's sessions and history: the rule of editing their record. */
async function checkMaySee(db: Db, caller: Caller, employeeId: string): Promise<void> {
  if (employeeId === caller.id || caller.permissions.includes('admin')) return;
  if ((await permissionsOf(db, caller.companyId, employeeId)).includes('admin')) throw administratorProtected();
}

/**
 * Refuses (403) a caller who may not end another person's sessions: the rules of switching their account off. Run in
 * the transaction that ends them, so the roles it reads are those of the moment of ending.
 */
async function checkMayEnd(tx: Db, caller: Caller, employeeId: string): Promise<void> {
  if (employeeId === caller.id || caller.permissions.includes('admin')) return;
  const held = await permissionsOf(tx, caller.companyId, employeeId);
  if (held.includes('admin')) throw administratorProtected();
  if (!held.every((p) => caller.permissions.includes(p))) throw beyondOwn();
}

/** A person's sessions, for an administrator of their organisation. */
export async function sessionsOfPerson(deps: Deps, caller: Caller, employeeId: string): Promise<SessionRecord[]> {
  if (!(await personExists(deps.db, caller.companyId, employeeId))) throw personNotFound();
  await checkMaySee(deps.db, caller, employeeId);
  return sessionsOf(deps, caller.companyId, employeeId, caller.id === employeeId ? caller.session?.id : undefined);
}

/** Ends every live session of a person of the administrator's organisation. */
export async function endPersonSessionsAll(deps: Deps, ctx: RequestContext, caller: Caller, employeeId: string): Promise<{ ended: number }> {
  if (!(await personExists(deps.db, caller.companyId, employeeId))) throw personNotFound();
  return { ended: await endAndAnnounce(deps, ctx, caller, employeeId, {}, 'ended_by_admin', (tx) => checkMayEnd(tx, caller, employeeId)) };
}

/** A page of a person's sign-in history, newest first. */
export async function signInHistoryOf(
  deps: Deps, caller: Caller, employeeId: string, q: { page: number; limit: number },
): Promise<SignInHistoryPage> {
  if (employeeId !== caller.id && !(await personExists(deps.db, caller.companyId, employeeId))) throw personNotFound();
  await checkMaySee(deps.db, caller, employeeId);
  const rows = await historyPage(deps.db, caller.companyId, employeeId, q.page, q.limit);
  return {
    items: rows.slice(0, q.limit).map((r) => ({ _id: r.id, at: r.at.toISOString(), ip: r.ip, device: r.device, method: r.method, result: r.result, newDevice: r.newDevice })),
    page: q.page,
    limit: q.limit,
    hasMore: rows.length > q.limit,
  };
}

export function sessionPolicy(deps: Deps, caller: Caller): Promise<SessionPolicy> {
  return findSessionPolicy(deps.db, caller.companyId);
}

/** Saves the organisation's idle timeout and lifetime (audited); every server applies them at the next request. */
export async function saveSessionPolicy(deps: Deps, ctx: RequestContext, caller: Caller, input: SessionPolicyInput): Promise<SessionPolicy> {
  await inTransaction(deps.db, async (tx) => {
    const before = await findSessionPolicy(tx, caller.companyId);
    await upsertSessionPolicy(tx, caller.companyId, input, new Date());
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'session_policy', entityId: caller.companyId,
      changes: { before, after: input },
    });
  });
  await announceCredentialChange(deps, ctx, caller.companyId);
  return findSessionPolicy(deps.db, caller.companyId);
}
