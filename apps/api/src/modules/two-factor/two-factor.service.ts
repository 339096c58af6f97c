import QRCode from 'qrcode';
import type { LoginResult, RecoveryCodesResult, SecondFactorKind, StepUpInput, TotpDisableInput, TotpEnrolment, TwoFactorStatus } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { seal } from '../../lib/secret-box.js';
import { inTransaction } from '../../lib/transaction.js';
import { availableFactors, completeTicket, countFactors, markSessionVerified, openTicket, releaseEnrolment, requiresSecondFactor } from '../auth/index.js';
import { checkProof, TOTP_PURPOSE, totpSecretOf, type Proof } from './factor-check.js';
import { newRecoveryCodes, newTotpSecret, matchingStep, otpauthUrl } from './totp.js';
import {
  acceptStep, accountOf, deleteTotp, dropRecoveryCodesWithoutFactor, findTotp, putPendingTotp, replaceRecoveryCodes,
} from './two-factor.repository.js';

/*
 * The caller's own authenticator app and recovery codes. Every function acts on the caller's own account (or, at
 * sign-in, on the account the ticket stands for): none takes another person's id.
 */

const who = (caller: Caller) => ({ companyId: caller.companyId, id: caller.id });

export async function status(deps: Deps, caller: Caller): Promise<TwoFactorStatus> {
  const totp = await findTotp(deps.db, caller.companyId, caller.id);
  const n = await countFactors(deps.db, caller.companyId, caller.id);
  return {
    totp: { state: !totp ? 'off' : totp.confirmedAt ? 'on' : 'pending', confirmedAt: totp?.confirmedAt?.toISOString() ?? null },
    recoveryCodesLeft: n.recoveryCodes,
    passkeys: n.passkeys,
    required: await requiresSecondFactor(deps.db, caller.companyId, caller.id),
  };
}

/** A new secret (replacing one not yet confirmed), its QR code and its text; refused while one is on. */
export async function enrolTotp(deps: Deps, ctx: RequestContext, caller: Caller): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  await inTransaction(deps.db, async (tx) => {
    if (!(await putPendingTotp(tx, caller.companyId, caller.id, seal(deps.config.jwtSecret, TOTP_PURPOSE, secret)))) {
      throw new AppError(409, 'TOTP_ALREADY_ON', 'errors.security.mfa.alreadyOn');
    }
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'totp_enrol_started', entity: 'second_factor', entityId: caller.id });
  });
  const account = await accountOf(deps.db, caller.companyId, caller.id);
  const url = otpauthUrl(secret, account?.label ?? caller.id, 'Clinic');
  return { secret, otpauthUrl: url, qrSvg: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
}

/**
 * The first code turns the authenticator on (once: the statement that confirms also checks it is still pending) and
 * answers a new set of recovery codes. A session held to enrolment is released and counts as verified now.
 */
export async function confirmTotp(deps: Deps, ctx: RequestContext, caller: Caller, code: string): Promise<RecoveryCodesResult> {
  const totp = await findTotp(deps.db, caller.companyId, caller.id);
  if (!totp) throw new AppError(409, 'TOTP_NOT_STARTED', 'errors.security.mfa.notStarted');
  if (totp.confirmedAt) throw new AppError(409, 'TOTP_ALREADY_ON', 'errors.security.mfa.alreadyOn');
  const step = matchingStep(totpSecretOf(deps, totp.secretEnc), code);
  const codes = newRecoveryCodes();
  const confirmed = step !== null && await inTransaction(deps.db, async (tx) => {
    if (!(await acceptStep(tx, caller.companyId, caller.id, step, true))) return false;
    await replaceRecoveryCodes(tx, caller.companyId, caller.id, codes.hashes);
    if (caller.session?.enrolmentRequired) await releaseEnrolment(tx, caller.companyId, caller.session.id, 'totp');
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'totp_enabled', entity: 'second_factor', entityId: caller.id });
    return true;
  });
  if (!confirmed) throw new AppError(422, 'SECOND_FACTOR_CODE_INVALID', 'errors.security.mfa.codeInvalid');
  return { recoveryCodes: codes.shown };
}

/** Turns the authenticator off: the password and a current code (or a recovery code). */
export async function disableTotp(deps: Deps, ctx: RequestContext, caller: Caller, input: TotpDisableInput): Promise<void> {
  const totp = await findTotp(deps.db, caller.companyId, caller.id);
  if (!totp?.confirmedAt) throw new AppError(409, 'TOTP_NOT_ON', 'errors.security.mfa.notOn');
  const second: Proof = input.code ? { kind: 'totp', code: input.code } : { kind: 'recovery', code: input.recoveryCode! };
  await checkProof(deps, ctx, who(caller), 'password', { kind: 'password', password: input.password }, second);
  await inTransaction(deps.db, async (tx) => {
    if (!(await deleteTotp(tx, caller.companyId, caller.id))) throw new AppError(409, 'TOTP_NOT_ON', 'errors.security.mfa.notOn');
    // Recovery codes stand in for a second factor: with none left, they go too.
    await dropRecoveryCodesWithoutFactor(tx, caller.companyId, caller.id);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'totp_disabled', entity: 'second_factor', entityId: caller.id });
  });
}

/** A new set of ten recovery codes, replacing the old (the route asks for a recent proof of identity). */
export async function regenerateRecoveryCodes(deps: Deps, ctx: RequestContext, caller: Caller): Promise<RecoveryCodesResult> {
  if ((await availableFactors(deps, who(caller))).filter((k) => k !== 'recovery').length === 0) {
    throw new AppError(409, 'TOTP_NOT_ON', 'errors.security.mfa.notOn');
  }
  const codes = newRecoveryCodes();
  await inTransaction(deps.db, async (tx) => {
    await replaceRecoveryCodes(tx, caller.companyId, caller.id, codes.hashes);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'recovery_codes_regenerated', entity: 'second_factor', entityId: caller.id });
  });
  return { recoveryCodes: codes.shown };
}

/** Step-up: a code, a recovery code, or (for a person with no second factor) the password; the session is verified now. */
export async function stepUp(deps: Deps, ctx: RequestContext, caller: Caller, input: StepUpInput): Promise<{ verifiedAt: string }> {
  if (!caller.session) throw new AppError(403, 'STEP_UP_REQUIRED', 'errors.security.stepUpRequired');
  const factors = await availableFactors(deps, who(caller));
  const proof: Proof = input.code ? { kind: 'totp', code: input.code }
    : input.recoveryCode ? { kind: 'recovery', code: input.recoveryCode } : { kind: 'password', password: input.password! };
  if (proof.kind === 'password' && factors.length > 0) throw new AppError(422, 'SECOND_FACTOR_NEEDED', 'errors.security.mfa.factorNeeded');
  if (proof.kind !== 'password' && factors.length === 0) throw new AppError(422, 'NO_SECOND_FACTOR', 'errors.security.mfa.noFactor');
  await checkProof(deps, ctx, who(caller), 'password', proof);
  const sessionId = caller.session.id;
  // The proof and its audit row commit together. A second factor proved by a session held to enrolment (the person
  // set one up in another session) is what the hold waits for: the session is released, as by its own enrolment.
  await inTransaction(deps.db, async (tx) => {
    if (proof.kind !== 'password' && caller.session?.enrolmentRequired) await releaseEnrolment(tx, caller.companyId, sessionId, proof.kind);
    await markSessionVerified({ ...deps, db: tx }, caller.companyId, sessionId);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'step_up', entity: 'session', entityId: sessionId, changes: { kind: proof.kind } });
  });
  return { verifiedAt: new Date().toISOString() };
}

/** The sign-in's second step: the ticket's try is counted, the code checked against the ticket's own account. */
export async function signInWith(deps: Deps, ctx: RequestContext, ticket: string, kind: Extract<SecondFactorKind, 'totp' | 'recovery'>, code: string): Promise<LoginResult> {
  const open = await openTicket(deps, ticket);
  await checkProof(deps, ctx, open.account, open.method, { kind, code });
  return completeTicket(deps, ctx, open, kind);
}
