import { isSecondFactorChallenge, type LoginAnswer, type LoginInput } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { announceCredentialChange } from '../../lib/credential-liveness.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { dummyHash, verifyPassword } from '../../lib/password.js';
import type { RequestContext } from '../../lib/request-context.js';
import { hashToken, newRefreshToken } from '../../lib/tokens.js';
import { inTransaction } from '../../lib/transaction.js';
import { loadCaller } from '../../plugins/auth.js';
import { refuseUnusableAccount } from './account-state.js';
import { clearAttempts, releaseAttempt, reserveAttempt } from './attempts.js';
import {
  claimRefreshToken, findAccountBySignInName, findRefreshToken, insertRefreshToken, raiseSessionVersion, revokeEmployeeTokens,
  revokeTokenFamily, sessionVersionOf, setPlanOnce,
} from './auth.repository.js';
import { assertPasswordSignInAllowed } from './password-sign-in.js';
import { afterFirstFactor, noteSignIn } from './sign-in.js';
import { endSessions } from './sign-in.repository.js';
import { stampLapsedSessions } from '../sessions/index.js';

async function issueRefreshToken(deps: Deps, companyId: string, employeeId: string, familyId: string): Promise<string> {
  const token = newRefreshToken();
  await insertRefreshToken(deps.db, {
    companyId,
    employeeId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlDays * 86_400_000),
  });
  return token;
}

/** An access token for one sign-in (its refresh-token family), so what is tied to the sign-in ends with it. */
async function accessTokenFor(deps: Deps, companyId: string, employeeId: string, familyId: string): Promise<string> {
  const sv = await sessionVersionOf(deps.db, companyId, employeeId);
  return deps.tokens.signAccess({ sub: employeeId, cid: companyId, sv: sv ?? 0, fam: familyId });
}

/** Signs in with a user name (or e-mail address) and password: signed in, or the ticket of the second step. */
export async function login(deps: Deps, ctx: RequestContext, input: LoginInput): Promise<LoginAnswer> {
  const identifier = input.email.trim().toLowerCase();
  const account = await findAccountBySignInName(deps.db, identifier);
  // Failures count per account (named by user name or e-mail alike), or per name typed when there is no such account.
  const key = { identifier: account ? `account:${account.id}` : identifier, ip: ctx.ip ?? '', perAddress: true };
  // The attempt is recorded before the password is checked, so parallel guesses cannot all pass the count.
  const attempt = await reserveAttempt(deps, key, { max: deps.config.loginMaxFailures, windowMinutes: deps.config.loginWindowMinutes });
  if (attempt === null) {
    if (account) await noteSignIn(deps, ctx, { companyId: account.companyId, id: account.id }, { method: 'password', result: 'throttled' });
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'errors.tooManyAttempts', { minutes: deps.config.loginWindowMinutes });
  }

  const ok = await verifyPassword(input.password, account?.passwordHash ?? (await dummyHash()));
  if (!account || !ok) {
    // The reservation stays: it is the failure record.
    await recordAudit(deps.db, ctx, {
      companyId: account?.companyId ?? null,
      actorId: account?.id ?? null,
      action: 'login_failed',
      entity: 'session',
      changes: { identifier },
    });
    if (account) await noteSignIn(deps, ctx, { companyId: account.companyId, id: account.id }, { method: 'password', result: 'bad_password' });
    throw new AppError(401, 'INVALID_CREDENTIALS', 'errors.invalidCredentials');
  }
  const who = { companyId: account.companyId, id: account.id };
  await refuseUnusableAccount(deps, ctx, who, { isActive: account.isActive, method: 'password', attempt });

  await assertPasswordSignInAllowed(deps, ctx, who);
  const answer = await afterFirstFactor(deps, ctx, who, 'password');
  // A second step follows: the failures stay counted (a wrong code adds to them), only this attempt is released, so
  // the right password cannot wipe the record of guessed codes. Signed in: the failures are forgotten.
  if (isSecondFactorChallenge(answer)) await releaseAttempt(deps, attempt);
  else await clearAttempts(deps, key);
  return answer;
}

/** Rotates a refresh token. Presenting an already rotated or revoked token revokes its whole family. */
export async function refresh(deps: Deps, ctx: RequestContext, token: string) {
  const row = await findRefreshToken(deps.db, hashToken(token));
  if (!row) throw unauthorized('REFRESH_INVALID', 'errors.refreshInvalid');
  if (row.usedAt || row.revokedAt) {
    await revokeFamily(deps, row.companyId, row.familyId, 'refresh_reused');
    await recordAudit(deps.db, ctx, { companyId: row.companyId, actorId: row.employeeId, action: 'refresh_token_reused', entity: 'session' });
    throw unauthorized('REFRESH_REUSED', 'errors.refreshReused');
  }
  if (row.expiresAt.getTime() <= Date.now()) throw unauthorized('REFRESH_INVALID', 'errors.refreshInvalid');
  // The sign-in must still be live (not ended, not idle past the organisation's timeout, within its lifetime).
  const caller = await loadCaller(deps, row.companyId, row.employeeId, undefined, row.familyId);
  if (!caller) {
    // A session past the organisation's limits shows as ended 'idle' or 'expired' rather than signed out.
    await stampLapsedSessions(deps.db, row.companyId, row.employeeId);
    await revokeFamily(deps, row.companyId, row.familyId);
    throw unauthorized('REFRESH_INVALID', 'errors.refreshInvalid');
  }
  // Claim the token atomically: of two concurrent uses, only one rotates; the other is a reuse.
  if (!(await claimRefreshToken(deps.db, row.companyId, row.id, new Date()))) {
    await revokeFamily(deps, row.companyId, row.familyId);
    throw unauthorized('REFRESH_REUSED', 'errors.refreshReused');
  }
  const refreshToken = await issueRefreshToken(deps, row.companyId, row.employeeId, row.familyId);
  const accessToken = await accessTokenFor(deps, row.companyId, row.employeeId, row.familyId);
  return { accessToken, refreshToken };
}

/**
 * Ends one sign-in: its refresh tokens revoked, its session ended (its access tokens stop at their next use), in one
 * commit (or in the caller's transaction): a sign-in is never left half ended.
 */
export async function revokeFamily(deps: Pick<Deps, 'db'>, companyId: string, familyId: string, reason = 'signed_out') {
  const at = new Date();
  await inTransaction(deps.db, async (tx) => {
    await revokeTokenFamily(tx, companyId, familyId, at);
    await endSessions(tx, companyId, { sessionId: familyId }, reason, at);
  });
}

/**
 * Ends every session of an account (deactivation, password change): refresh tokens revoked, access tokens
 * invalidated, in one commit (or in the caller's transaction).
 */
export async function revokeAllSessions(deps: Pick<Deps, 'db'>, companyId: string, employeeId: string, reason = 'password_changed') {
  const at = new Date();
  await inTransaction(deps.db, async (tx) => {
    await revokeEmployeeTokens(tx, companyId, employeeId, at);
    await endSessions(tx, companyId, { employeeId }, reason, at);
    await raiseSessionVersion(tx, companyId, employeeId);
  });
}

/** Signs out: the sign-in ended and the audit row written together, or neither (an error, and the sign-in stays). */
export async function logout(deps: Deps, ctx: RequestContext, token: string | undefined) {
  if (!token) return;
  const row = await findRefreshToken(deps.db, hashToken(token));
  if (!row) return;
  await inTransaction(deps.db, async (tx) => {
    await revokeFamily({ db: tx }, row.companyId, row.familyId);
    await recordAudit(tx, ctx, { companyId: row.companyId, actorId: row.employeeId, action: 'logout', entity: 'session' });
  });
  // The sign-in's open live streams close (they re-check their sign-in's family).
  await announceCredentialChange(deps, ctx, row.companyId);
}

/** Chooses the plan once: the statement that sets it also checks that no other plan was chosen (also by a simultaneous request). */
export async function setPlan(deps: Deps, caller: Caller, plan: string) {
  if (!(await setPlanOnce(deps.db, caller.companyId, plan, new Date()))) throw new AppError(409, 'PLAN_LOCKED', 'errors.planLocked');
  return { ...caller, plan };
}

