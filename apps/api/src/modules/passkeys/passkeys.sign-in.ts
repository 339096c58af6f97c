/**
 * Signing in and confirming with a passkey: passwordless (the passkey names the person), the second step of a
 * password sign-in (the ticket names the person; only their passkeys answer), and step-up (the caller's own passkeys).
 */
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { LoginAnswer, LoginResult, PasskeyOptions } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction, withDb } from '../../lib/transaction.js';
import {
  afterFirstFactor, assertPasswordSignInAllowed, completeTicket, markSessionVerified, noteSignIn, openTicket, refuseUnusableAccount, releaseAttempt, releaseEnrolment,
  reserveAttempt,
} from '../auth/index.js';
import { relyingParty, saveCeremony, spendCeremony, type CeremonyPurpose, type Subject } from './ceremony.js';
import { findByCredential, listPasskeys, recordUse, type PasskeyRow } from './passkeys.repository.js';

interface Assertion {
  challengeId: string;
  response: Record<string, unknown>;
}

const notAccepted = () => new AppError(401, 'PASSKEY_NOT_ACCEPTED', 'errors.passkeys.notAccepted');

async function assertionOptions(deps: Deps, purpose: CeremonyPurpose, subject: Subject | null, extra: { mode?: string; sessionId?: string }): Promise<PasskeyOptions> {
  const rp = relyingParty(deps);
  const allow = subject ? await listPasskeys(deps.db, subject.companyId, subject.employeeId) : [];
  if (subject && allow.length === 0) throw new AppError(404, 'PASSKEY_NOT_FOUND', 'errors.passkeys.notFound');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID, userVerification: 'required',
    ...(subject && { allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: p.transports as never })) }),
  });
  const challengeId = await saveCeremony(deps, purpose, subject, { challenge: options.challenge, ...extra });
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * Verifies a passkey's answer against the challenge and the stored public key, then records the new signature
 * counter. A counter that goes backwards (a cloned authenticator) is refused and audited.
 */
async function verifyAssertion(deps: Deps, ctx: RequestContext, row: PasskeyRow, challenge: string, response: Record<string, unknown>): Promise<void> {
  const rp = relyingParty(deps);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: true,
      // The counter is checked below (so a rollback can be told apart and audited).
      credential: { id: row.credentialId, publicKey: Buffer.from(row.publicKey, 'base64url'), counter: 0, transports: row.transports as never },
    });
    if (!result.verified) throw notAccepted();
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw notAccepted();
  }
  if ((row.counter > 0 || newCounter > 0) && newCounter <= row.counter) {
    await recordAudit(deps.db, ctx, {
      companyId: row.companyId, actorId: row.employeeId, action: 'passkey_counter_rollback', entity: 'passkey', entityId: row.id,
      changes: { stored: row.counter, presented: newCounter },
    });
    throw notAccepted();
  }
  if (!(await recordUse(deps.db, row, newCounter, new Date()))) throw notAccepted();
}

function credentialIdOf(response: Record<string, unknown>): string {
  return typeof response.id === 'string' ? response.id : '';
}

/** The person's own passkey that answered (another person's, or an unknown one, is not accepted). */
async function ownPasskey(deps: Deps, subject: Subject, response: Record<string, unknown>): Promise<PasskeyRow> {
  const id = credentialIdOf(response);
  const row = (await listPasskeys(deps.db, subject.companyId, subject.employeeId)).find((p) => p.credentialId === id);
  if (!row) throw notAccepted();
  return row;
}

// Passwordless.

export function passwordlessOptions(deps: Deps): Promise<PasskeyOptions> {
  return assertionOptions(deps, 'passkey_sign_in', null, { mode: 'passwordless' });
}

/** Signs in with a passkey alone: throttled per address as password sign-in is; the person active, their organisation open. */
export async function passwordlessSignIn(deps: Deps, ctx: RequestContext, input: Assertion): Promise<LoginAnswer> {
  const key = { identifier: 'passkey-sign-in', ip: ctx.ip ?? '', perAddress: true };
  const attempt = await reserveAttempt(deps, key, { max: deps.config.loginMaxFailures, windowMinutes: deps.config.loginWindowMinutes });
  const found = await findByCredential(deps.db, credentialIdOf(input.response));
  const who = found && { companyId: found.passkey.companyId, id: found.passkey.employeeId };
  if (attempt === null) {
    if (who) await noteSignIn(deps, ctx, who, { method: 'passkey', result: 'throttled' });
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'errors.tooManyAttempts', { minutes: deps.config.loginWindowMinutes });
  }
  const { challenge } = await spendCeremony(deps, 'passkey_sign_in', input.challengeId, { subject: null, mode: 'passwordless' });
  if (!found || !who) throw notAccepted();
  try {
    await verifyAssertion(deps, ctx, found.passkey, challenge, input.response);
  } catch (err) {
    await noteSignIn(deps, ctx, who, { method: 'passkey', result: 'bad_second_factor' });
    throw err;
  }
  await refuseUnusableAccount(deps, ctx, who, { isActive: found.isActive, method: 'passkey', attempt });
  await releaseAttempt(deps, attempt);
  // Without a password, a passkey is a way in beside the organisation's provider: off with password sign-in.
  await assertPasswordSignInAllowed(deps, ctx, who, 'passkey');
  return afterFirstFactor(deps, ctx, who, 'passkey');
}

// The second step of a password sign-in.

export async function secondStepOptions(deps: Deps, ticket: string): Promise<PasskeyOptions> {
  const open = await openTicket(deps, ticket);
  return assertionOptions(deps, 'passkey_sign_in', { companyId: open.account.companyId, employeeId: open.account.id }, { mode: 'second_factor' });
}

export async function secondStep(deps: Deps, ctx: RequestContext, input: Assertion & { ticket: string }): Promise<LoginResult> {
  const open = await openTicket(deps, input.ticket);
  const subject = { companyId: open.account.companyId, employeeId: open.account.id };
  try {
    const { challenge } = await spendCeremony(deps, 'passkey_sign_in', input.challengeId, { subject, mode: 'second_factor' });
    await verifyAssertion(deps, ctx, await ownPasskey(deps, subject, input.response), challenge, input.response);
  } catch (err) {
    await noteSignIn(deps, ctx, open.account, { method: open.method, result: 'bad_second_factor' });
    throw err;
  }
  return completeTicket(deps, ctx, open, 'passkey');
}

// Step-up.

function sessionOf(caller: Caller): string {
  if (!caller.session) throw new AppError(403, 'FORBIDDEN', 'errors.forbidden');
  return caller.session.id;
}

export function stepUpOptions(deps: Deps, caller: Caller): Promise<PasskeyOptions> {
  return assertionOptions(deps, 'passkey_step_up', { companyId: caller.companyId, employeeId: caller.id }, { sessionId: sessionOf(caller) });
}

/** Confirms who the caller is with one of their own passkeys: sensitive changes are open again in this session. */
export async function stepUp(deps: Deps, ctx: RequestContext, caller: Caller, input: Assertion): Promise<void> {
  const sessionId = sessionOf(caller);
  const subject = { companyId: caller.companyId, employeeId: caller.id };
  const { challenge } = await spendCeremony(deps, 'passkey_step_up', input.challengeId, { subject, sessionId });
  await verifyAssertion(deps, ctx, await ownPasskey(deps, subject, input.response), challenge, input.response);
  // As with a code: a session held to enrolment is released by the passkey the person added elsewhere.
  await inTransaction(deps.db, async (tx) => {
    if (caller.session?.enrolmentRequired) await releaseEnrolment(tx, caller.companyId, sessionId, 'passkey');
    await markSessionVerified(withDb(deps, tx), caller.companyId, sessionId);
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'step_up', entity: 'session', entityId: sessionId, changes: { factor: 'passkey' } });
  });
}
