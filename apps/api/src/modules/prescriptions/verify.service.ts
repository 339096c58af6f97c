import { verificationState, type PrescriptionVerification } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { releaseAttempt, reserveAttempt } from '../auth/index.js';
import { todayIn } from '../patients/index.js';
import { findByToken } from './prescriptions.repository.js';

/** Unknown codes one address may try within the sign-in window before it is refused (429). */
export const VERIFY_MAX_UNKNOWN = 30;

const notGenuine: PrescriptionVerification = { genuine: false, status: null, issuedOn: null, validUntil: null, clinicName: null };

/**
 * The public verification of a printed prescription (its QR code): genuine or not and, for a genuine one, whether it
 * is valid, expired or cancelled, its dates and its clinic. Never the patient, the prescriber or a drug. Each look-up
 * is reserved against a per-address limit first; a genuine code gives its reservation back, so only guesses count.
 */
export async function verifyPrescription(deps: Deps, ctx: RequestContext, token: string): Promise<PrescriptionVerification> {
  const windowMinutes = deps.config.loginWindowMinutes;
  const attempt = await reserveAttempt(deps, { identifier: 'prescription-verify:', ip: ctx.ip ?? '', perAddress: true }, { max: VERIFY_MAX_UNKNOWN, windowMinutes });
  if (attempt === null) throw new AppError(429, 'TOO_MANY_VERIFICATIONS', 'errors.prescriptions.tooManyVerifications', { minutes: windowMinutes });
  const row = await findByToken(deps.db, token);
  const state = row ? verificationState({ status: row.status as 'issued' | 'cancelled', issuedAt: row.issuedAt?.toISOString() ?? null, validUntil: row.validUntil }, todayIn(row.timeZone || 'UTC')) : null;
  if (!row || !state) return notGenuine;
  await releaseAttempt(deps, attempt);
  return { genuine: true, status: state, issuedOn: todayIn(row.timeZone || 'UTC', row.issuedAt!), validUntil: row.validUntil, clinicName: row.clinicName };
}
