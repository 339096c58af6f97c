import type { Db } from '../db/client.js';
import { signedLinkKind } from './signed-links.js';

/**
 * The patient's waiting-room link (lib/signed-links.ts): naming one queue ticket of one company and signed to lapse a
 * day after the ticket was issued (the visit's end lapses it sooner: modules/waiting-room). It only reads (the
 * ticket's place in the queue), so it may be opened any number of times until then.
 */
const links = signedLinkKind('clinic-queue-ticket', 'queue-ticket-link');

export interface QueueLinkClaims {
  companyId: string;
  ticketId: string;
  /** When the link lapses at the latest (a day after the ticket was issued). */
  expiresAt: Date;
}

export function signQueueLink(secret: string, c: Omit<QueueLinkClaims, 'expiresAt'>, expiresAt: Date, now = new Date()): Promise<string> {
  return links.sign(secret, c.companyId, c.ticketId, expiresAt, now);
}

export async function openQueueLink(db: Db, secret: string, token: string, now: Date): Promise<QueueLinkClaims> {
  const claims = await links.open(db, secret, token, now);
  return { companyId: claims.companyId, ticketId: claims.subject, expiresAt: claims.expiresAt };
}
