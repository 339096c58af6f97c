import { randomBytes, randomUUID } from 'node:crypto';
import type { LoginAnswer, LoginResult, SecondFactorKind, SignInMethod } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { hashToken, newRefreshToken } from '../../lib/tokens.js';
import { inTransaction } from '../../lib/transaction.js';
import { loadCaller } from '../../plugins/auth.js';
import { insertRefreshToken, markSignedIn, sessionVersionOf } from './auth.repository.js';
import { sessionUser } from './session-user.js';
import {
  claimChallenge, countFactors, insertChallenge, insertSession, insertSignInEvent, markVerified, requiresSecondFactor, spendChallengeTry,
  type ChallengeRow,
} from './sign-in.repository.js';
import { deviceLabel } from './device-label.js';
import { noteSignInDevice } from '../sessions/index.js';

/**
 * The steps every sign-in goes through, whatever its first step (a password, a passkey alone, the organisation's
 * identity provider):
 *
 * 1. `afterFirstFactor`: an account with a second factor gets a ticket for the second step (`secondFactor` in the
 *    answer); any other account is signed in.
 * 2. The second step's route verifies its factor (authenticator code, passkey, recovery code) against the ticket
 *    (`openTicket` counts the try; `completeTicket` spends the ticket and signs in).
 * 3. `finishSignIn` opens the session (`sign_in_sessions`, whose id is the refresh-token family and the access
 *    token's `fam`), records the history row and the audit row, and answers the tokens. A session whose person must
 *    have a second factor and has none is opened held to enrolment (every route but enrolment's answers 403).
 */

export const TICKET_MINUTES = 5;
export const TICKET_TRIES = 5;

export interface SignInAccount {
  id: string;
  companyId: string;
}

export interface SignInStep {
  method: SignInMethod;
  /** The second factor that completed the sign-in; a passkey alone counts as one. */
  secondFactor?: SecondFactorKind | null;
}

/** The second factors the account can use now, in the order the sign-in page offers them. */
export async function availableFactors(deps: Deps, account: SignInAccount): Promise<SecondFactorKind[]> {
  const n = await countFactors(deps.db, account.companyId, account.id);
  const kinds: SecondFactorKind[] = [];
  if (n.totp) kinds.push('totp');
  if (n.passkeys > 0) kinds.push('passkey');
  if (n.recoveryCodes > 0 && (n.totp || n.passkeys > 0)) kinds.push('recovery');
  return kinds;
}

/** After a correct first step: the ticket of the second, or the signed-in answer. */
export async function afterFirstFactor(deps: Deps, ctx: RequestContext, account: SignInAccount, method: SignInMethod): Promise<LoginAnswer> {
  if (method === 'passkey') return finishSignIn(deps, ctx, account, { method, secondFactor: 'passkey' });
  const methods = await availableFactors(deps, account);
  if (methods.length === 0) return finishSignIn(deps, ctx, account, { method });
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_MINUTES * 60_000);
  await insertChallenge(deps.db, {
    purpose: 'second_factor', tokenHash: hashToken(ticket), subject: { companyId: account.companyId, employeeId: account.id }, data: { method }, expiresAt,
  });
  await noteSignIn(deps, ctx, account, { method, result: 'second_factor_pending' });
  return { secondFactor: { ticket, methods, expiresAt: expiresAt.toISOString() } };
}

export interface OpenTicket {
  challengeId: string;
  account: SignInAccount;
  method: SignInMethod;
}

/**
 * The account a second-step ticket stands for, counting this try (at most TICKET_TRIES, in the same statement that
 * reads it). An unknown, spent, expired or exhausted ticket answers 401 SECOND_FACTOR_TICKET_INVALID.
 */
export async function openTicket(deps: Deps, ticket: string): Promise<OpenTicket> {
  const row = await spendChallengeTry(deps.db, 'second_factor', hashToken(ticket), TICKET_TRIES);
  return ticketOf(row);
}

function ticketOf(row: ChallengeRow | null): OpenTicket {
  const subject = row?.subject as { companyId?: string; employeeId?: string } | null | undefined;
  if (!row || !subject?.companyId || !subject.employeeId) {
    throw new AppError(401, 'SECOND_FACTOR_TICKET_INVALID', 'errors.security.ticketInvalid');
  }
  const method = (row.data as { method?: SignInMethod }).method ?? 'password';
  return { challengeId: row.id, account: { companyId: subject.companyId, id: subject.employeeId }, method };
}

/** Spends the ticket (once: of two simultaneous completions one signs in) and signs in with the factor just verified. */
export async function completeTicket(deps: Deps, ctx: RequestContext, open: OpenTicket, factor: SecondFactorKind): Promise<LoginResult> {
  if (!(await claimChallenge(deps.db, open.challengeId))) throw new AppError(401, 'SECOND_FACTOR_TICKET_INVALID', 'errors.security.ticketInvalid');
  return finishSignIn(deps, ctx, open.account, { method: open.method, secondFactor: factor });
}

/** Opens the session and answers the tokens and the session user. */
export async function finishSignIn(deps: Deps, ctx: RequestContext, account: SignInAccount, step: SignInStep): Promise<LoginResult> {
  const { companyId, id: employeeId } = account;
  const secondFactor = step.secondFactor ?? null;
  const enrolmentRequired = secondFactor === null && (await requiresSecondFactor(deps.db, companyId, employeeId));
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  const now = new Date();
  await inTransaction(deps.db, async (tx) => {
    await insertSession(tx, {
      companyId, id: sessionId, employeeId, method: step.method, secondFactor, enrolmentRequired,
      // The sign-in itself proves who the person is: their second factor, or their password when they have none.
      verifiedAt: enrolmentRequired ? null : now,
      ip: ctx.ip, userAgent: ctx.userAgent, device: deviceLabel(ctx.userAgent),
    });
    await insertRefreshToken(tx, {
      companyId, employeeId, familyId: sessionId, tokenHash: hashToken(refreshToken),
      expiresAt: new Date(now.getTime() + deps.config.refreshTokenTtlDays * 86_400_000),
    });
    await markSignedIn(tx, companyId, employeeId, now);
    await recordAudit(tx, ctx, {
      companyId, actorId: employeeId, action: 'login', entity: 'session', entityId: sessionId,
      changes: { method: step.method, secondFactor, ...(enrolmentRequired && { enrolmentRequired }) },
    });
  });
  await noteSignIn(deps, ctx, account, { method: step.method, result: 'success', sessionId });
  await noteSignInDevice(deps, ctx, account, sessionId);
  const sv = await sessionVersionOf(deps.db, companyId, employeeId);
  const accessToken = await deps.tokens.signAccess({ sub: employeeId, cid: companyId, sv: sv ?? 0, fam: sessionId });
  const caller = await loadCaller(deps, companyId, employeeId, sv ?? 0, sessionId);
  if (!caller) throw unauthorized();
  return { accessToken, refreshToken, user: await sessionUser(deps, caller) };
}

/** The result of a sign-in attempt on a known account, for the person's sign-in history. */
export type SignInResult =
  | 'success' | 'second_factor_pending' | 'bad_password' | 'bad_second_factor' | 'throttled' | 'inactive' | 'company_closed'
  | 'password_sign_in_off' | 'sso_refused';

/** Writes a row of the person's sign-in history. */
export async function noteSignIn(
  deps: Deps, ctx: RequestContext, account: SignInAccount, entry: { method: SignInMethod; result: SignInResult; sessionId?: string },
): Promise<void> {
  await insertSignInEvent(deps.db, {
    companyId: account.companyId, employeeId: account.id, method: entry.method, result: entry.result, sessionId: entry.sessionId ?? null,
    ip: ctx.ip, userAgent: ctx.userAgent, device: deviceLabel(ctx.userAgent),
  });
}

/** Records that the person proved who they are in this session now (a step-up): sensitive changes are open again. */
export async function markSessionVerified(deps: Deps, companyId: string, sessionId: string): Promise<void> {
  await markVerified(deps.db, companyId, sessionId, new Date());
}
