import type { Db } from '../db/client.js';
import { signedLinkKind } from './signed-links.js';

/**
 * The patient's waiting-room link (lib/signed-links.ts): naming one queue ticket of one company and lapsing at the end
 * of the clinic-local day the ticket's number belongs to. It only reads (the ticket's place in the queue), so it may
 * be opened any number of times until then.
 */
const links = signedLinkKind('clinic-queue-ticket', 'queue-ticket-link');

export interface QueueLinkClaims {
  companyId: string;
  ticketId: string;
  /** When the link lapses (the end of the ticket's clinic-local day). */
  expiresAt: Date;
}

export function signQueueLink(secret: string, c: Omit<QueueLinkClaims, 'expiresAt'>, expiresAt: Date, now = new Date()): Promise<string> {
  return links.sign(secret, c.companyId, c.ticketId, expiresAt, now);
}

export async function openQueueLink(db: Db, secret: string, token: string, now: Date): Promise<QueueLinkClaims> {
  const claims = await links.open(db, secret, token, now);
  return { companyId: claims.companyId, ticketId: claims.subject, expiresAt: claims.expiresAt };
}
