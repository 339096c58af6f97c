import type { SignInMethod } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import type { RequestContext } from '../../lib/request-context.js';
import { open } from '../../lib/secret-box.js';
import { clearAttempts, noteSignIn, releaseAttempt, reserveAttempt, type SignInAccount } from '../auth/index.js';
import { acceptStep, accountOf, findTotp, spendRecoveryCode } from './two-factor.repository.js';
import { matchingStep, recoveryHash } from './totp.js';

/** What a person presents to prove who they are: an authenticator code, a recovery code, or their password. */
export type Proof = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | { kind: 'password'; password: string };

export const TOTP_PURPOSE = 'totp';

/**
 * The authenticator secret of a stored (sealed) row. One sealed under another server secret (it was changed, or the
 * data restored elsewhere) cannot be read: the person is told to sign in with a recovery code and set the app up
 * again (409 TOTP_UNREADABLE), never a server error.
 */
export function totpSecretOf(deps: Deps, secretEnc: string): string {
  try {
    return open(deps.config.jwtSecret, TOTP_PURPOSE, secretEnc);
  } catch {
    throw new AppError(409, 'TOTP_UNREADABLE', 'errors.security.mfa.unreadable');
  }
}

/**
 * Checks a proof against the person's own factors, counting toward two limits: the sign-in throttle (the account key
 * the password step uses, per client address) and a cap per account across all addresses
 * (`secondFactorMaxFailures`), so an attacker who has the password cannot multiply their guesses by using many
 * addresses. Each wrong proof is a failure under both; once either limit is reached even a right code is refused until
 * the window passes. Several proofs (a password and a code) are one attempt and must all hold. A wrong code writes a
 * 'bad_second_factor' row of the person's sign-in history and an audit row.
 */
export async function checkProof(deps: Deps, ctx: RequestContext, account: SignInAccount, method: SignInMethod, ...proofs: Proof[]): Promise<void> {
  const windowMinutes = deps.config.loginWindowMinutes;
  const key = { identifier: `account:${account.id}`, ip: ctx.ip ?? '', perAddress: true };
  const accountKey = { identifier: `2fa:${account.id}`, ip: ctx.ip ?? '', perAddress: false };
  const attempt = await reserveAttempt(deps, key, { max: deps.config.loginMaxFailures, windowMinutes });
  const accountAttempt = attempt === null ? null : await reserveAttempt(deps, accountKey, { max: deps.config.secondFactorMaxFailures, windowMinutes });
  if (attempt === null || accountAttempt === null) {
    // Refused before any check: the address's reservation, if made, is no failure.
    if (attempt !== null) await releaseAttempt(deps, attempt);
    await noteSignIn(deps, ctx, account, { method, result: 'throttled' });
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'errors.tooManyAttempts', { minutes: windowMinutes });
  }
  // All must hold, checked in order (a password before a recovery code, so a wrong password spends no code).
  const proof = await firstFailing(deps, account, proofs);
  if (proof) {
    const result = proof.kind === 'password' ? 'bad_password' : 'bad_second_factor';
    await noteSignIn(deps, ctx, account, { method, result });
    await recordAudit(deps.db, ctx, { companyId: account.companyId, actorId: account.id, action: 'second_factor_failed', entity: 'session', changes: { kind: proof.kind } });
    if (proof.kind === 'password') throw new AppError(422, 'PASSWORD_WRONG', 'errors.security.mfa.passwordWrong');
    throw new AppError(422, 'SECOND_FACTOR_CODE_INVALID', 'errors.security.mfa.codeInvalid');
  }
  await clearAttempts(deps, key);
  // Only this attempt is released from the account-wide count: a right code (the person's own) does not wipe the
  // guesses made from other addresses.
  await releaseAttempt(deps, accountAttempt);
}

async function firstFailing(deps: Deps, account: SignInAccount, proofs: Proof[]): Promise<Proof | null> {
  for (const proof of proofs) if (!(await proofHolds(deps, account, proof))) return proof;
  return null;
}

async function proofHolds(deps: Deps, account: SignInAccount, proof: Proof): Promise<boolean> {
  const { companyId, id } = account;
  if (proof.kind === 'recovery') return spendRecoveryCode(deps.db, companyId, id, recoveryHash(proof.code));
  if (proof.kind === 'password') {
    const row = await accountOf(deps.db, companyId, id);
    return Boolean(row?.passwordHash) && (await verifyPassword(proof.password, row!.passwordHash!));
  }
  const totp = await findTotp(deps.db, companyId, id);
  if (!totp?.confirmedAt) return false;
  const step = matchingStep(totpSecretOf(deps, totp.secretEnc), proof.code);
  // Accepted once: a replay in the same step (or an older one) updates nothing.
  return step !== null && (await acceptStep(deps.db, companyId, id, step, false));
}
