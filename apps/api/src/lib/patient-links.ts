import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.js';
import { companyIsOpen } from './credential-liveness.js';
import { AppError } from './errors.js';
import { purposeKey } from './purpose-key.js';
import { isId } from './validation.js';

/**
 * A patient's confirm/cancel link: a token signed with a key of its own (derived from the server's secret, so it is
 * never accepted as a sign-in and no sign-in token is accepted as a link), naming one appointment of one company and
 * lapsing when the appointment starts. Each link has an id; using it records the id (patient_link_uses), so it acts
 * once.
 *
 * A link is the clinic's, not a person's: the reminders job issues it for an appointment, whoever booked it, and it
 * names no member of staff. So it outlives the deactivation or deletion of the person who booked the visit (the
 * patient still needs to confirm or cancel), and ends with the appointment (its start, a cancellation, a use) or the
 * company: a closed company's links are refused (`companyIsOpen` in lib/credential-liveness.ts).
 */
const AUDIENCE = 'clinic-patient-visit';

export interface PatientLinkClaims {
  companyId: string;
  appointmentId: string;
  linkId: string;
}

const keyOf = (secret: string) => purposeKey(secret, 'patient-visit-link');

export async function signPatientLink(secret: string, c: Omit<PatientLinkClaims, 'linkId'>, expiresAt: Date, now = new Date()): Promise<string> {
  return new SignJWT({ cid: c.companyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setSubject(c.appointmentId)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/** 'expired' once lapsed; 'invalid' for anything the server did not sign as a patient link. */
export async function verifyPatientLink(secret: string, token: string, now = new Date()): Promise<PatientLinkClaims | 'expired' | 'invalid'> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
    if (!isId(payload.cid) || !isId(payload.sub) || !isId(payload.jti)) {
      return 'invalid';
    }
    return { companyId: payload.cid, appointmentId: payload.sub, linkId: payload.jti };
  } catch (err) {
    return err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
  }
}

/**
 * The claims of a patient's link presented to a public page: 410 once lapsed, 401 when the server did not sign it as
 * a link or its organisation is closed.
 */
export async function openPatientLink(db: Db, secret: string, token: string, now: Date): Promise<PatientLinkClaims> {
  const claims = await verifyPatientLink(secret, token, now);
  if (claims === 'expired') throw new AppError(410, 'LINK_EXPIRED', 'errors.reminders.linkExpired');
  if (claims === 'invalid' || !(await companyIsOpen(db, claims.companyId))) throw new AppError(401, 'LINK_INVALID', 'errors.reminders.linkInvalid');
  return claims;
}
