import type { Db } from '../db/client.js';
import { signedLinkKind } from './signed-links.js';

/**
 * A patient's confirm/cancel link (lib/signed-links.ts): naming one appointment of one company and lapsing when the
 * appointment starts. Using it records its id (patient_link_uses), so it acts once. It outlives the deactivation or
 * deletion of the person who booked the visit (the patient still needs to confirm or cancel), and ends with the
 * appointment (its start, a cancellation, a use) or the company.
 */
const links = signedLinkKind('clinic-patient-visit', 'patient-visit-link');

export interface PatientLinkClaims {
  companyId: string;
  appointmentId: string;
  linkId: string;
}

export function signPatientLink(secret: string, c: Omit<PatientLinkClaims, 'linkId'>, expiresAt: Date, now = new Date()): Promise<string> {
  return links.sign(secret, c.companyId, c.appointmentId, expiresAt, now);
}

export async function openPatientLink(db: Db, secret: string, token: string, now: Date): Promise<PatientLinkClaims> {
  const claims = await links.open(db, secret, token, now);
  return { companyId: claims.companyId, appointmentId: claims.subject, linkId: claims.linkId };
}
