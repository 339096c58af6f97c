/**
 * A WebAuthn ceremony's challenge, kept in auth_challenges: single use, five minutes, found by the hash of the opaque
 * id the client holds, and only for the purpose (and person, and mode) it was made for.
 */
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../lib/app-types.js';
import { AppError } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import { claimChallenge, insertChallenge, spendChallengeTry } from '../auth/index.js';

export const CHALLENGE_MINUTES = 5;

export type CeremonyPurpose = 'passkey_register' | 'passkey_sign_in' | 'passkey_step_up';

export interface Subject {
  companyId: string;
  employeeId: string;
}

export interface CeremonyData {
  /** The WebAuthn challenge (base64url) the options carried. */
  challenge: string;
  /** passkey_sign_in: 'passwordless' or 'second_factor'. */
  mode?: string;
  /** passkey_step_up: the session it confirms. */
  sessionId?: string;
}

/** The relying party: the server's public address (its host name is the RP id; its origin the expected origin). */
export function relyingParty(deps: Deps): { rpID: string; origin: string; rpName: string } {
  const url = new URL(deps.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Clinic' };
}

/** Stores the challenge; answers the opaque id the client sends back with the browser's answer. */
export async function saveCeremony(deps: Deps, purpose: CeremonyPurpose, subject: Subject | null, data: CeremonyData): Promise<string> {
  const challengeId = randomBytes(32).toString('base64url');
  await insertChallenge(deps.db, {
    purpose, tokenHash: hashToken(challengeId), subject: subject ? { ...subject } : null, data: { ...data },
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
  return challengeId;
}

const invalid = () => new AppError(400, 'PASSKEY_CHALLENGE_INVALID', 'errors.passkeys.challengeInvalid');

/**
 * Spends the challenge (once: the first use claims it, whatever its outcome) and answers what it was made for.
 * Unknown, spent, expired, of another purpose, of another person or of another mode: 400 PASSKEY_CHALLENGE_INVALID.
 */
export async function spendCeremony(
  deps: Deps, purpose: CeremonyPurpose, challengeId: string, expect: { subject: Subject | null; mode?: string; sessionId?: string },
): Promise<CeremonyData> {
  const row = await spendChallengeTry(deps.db, purpose, hashToken(challengeId), 1);
  if (!row || !(await claimChallenge(deps.db, row.id))) throw invalid();
  const subject = row.subject as Partial<Subject> | null;
  const data = row.data as Partial<CeremonyData>;
  const sameSubject = expect.subject === null
    ? subject === null
    : subject?.companyId === expect.subject.companyId && subject.employeeId === expect.subject.employeeId;
  if (!sameSubject || typeof data.challenge !== 'string' || data.mode !== expect.mode || data.sessionId !== expect.sessionId) throw invalid();
  return { challenge: data.challenge, ...(data.mode !== undefined && { mode: data.mode }), ...(data.sessionId !== undefined && { sessionId: data.sessionId }) };
}
