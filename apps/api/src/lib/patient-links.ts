import type { Db } from '../db/client.js';
import { AppError } from './errors.js';
import { signedLinkKind } from './signed-links.js';

/**
 * A patient's confirm/cancel link (lib/signed-links.ts): naming one appointment of one company, signed for the
 * appointment's start and lapsing then. The start it was signed for is its lapse time (`exp`, epoch seconds), and the
 * link is honoured only while the appointment still starts then (`assertLinkCurrent`): once the desk or the patient
 * moves the visit, links sent before are refused like a lapsed one (a move from the link answers a new link, a
 * reminder of the new time carries one). Using it to confirm or cancel records its id (patient_link_uses), so it acts
 * once. It ends with the appointment (its start, a move, a cancellation, a use), its patient record (deactivated or
 * gone) or the company; it outlives the deactivation or deletion of the person who booked the visit.
 */
const links = signedLinkKind('clinic-patient-visit', 'patient-visit-link');

export interface PatientLinkClaims {
  companyId: string;
  appointmentId: string;
  linkId: string;
  /** The appointment's start the link was signed for (its lapse time). */
  startsAt: Date;
}

/** A link to the appointment as it starts at `startsAt` (its current start): it lapses then, and with any move. */
export function signPatientLink(secret: string, c: Pick<PatientLinkClaims, 'companyId' | 'appointmentId'>, startsAt: Date, now = new Date()): Promise<string> {
  return links.sign(secret, c.companyId, c.appointmentId, startsAt, now);
}

export async function openPatientLink(db: Db, secret: string, token: string, now: Date): Promise<PatientLinkClaims> {
  const claims = await links.open(db, secret, token, now);
  return { companyId: claims.companyId, appointmentId: claims.subject, linkId: claims.linkId, startsAt: claims.expiresAt };
}

const seconds = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

/**
 * Refuses a link signed for another start than the appointment's now (it moved since the link was sent): 410, as a
 * lapsed link, asking for the latest message's link.
 */
export function assertLinkCurrent(claims: Pick<PatientLinkClaims, 'startsAt'>, appointmentStartsAt: Date | string): void {
  if (seconds(claims.startsAt) !== seconds(appointmentStartsAt)) throw new AppError(410, 'LINK_EXPIRED', 'errors.reminders.linkMoved');
}
