import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.js';
import { companyIsOpen } from './credential-liveness.js';
import { AppError } from './errors.js';
import { purposeKey } from './purpose-key.js';
import { isId } from './validation.js';

/**
 * The patient's waiting-room link: a token signed with a key of its own (derived from the server's secret, so it is
 * never accepted as a sign-in, a visit link or anything else, and none of those is accepted here), naming one queue
 * ticket of one company and lapsing at the end of the clinic-local day the ticket's number belongs to. It only reads
 * (the ticket's place in the queue), so it may be opened any number of times until then.
 *
 * It is the clinic's, not a person's: it names no member of staff, and ends with its day or the company (a closed
 * company's links are refused, `companyIsOpen` in lib/credential-liveness.ts).
 */
const AUDIENCE = 'clinic-queue-ticket';

export interface QueueLinkClaims {
  companyId: string;
  ticketId: string;
  /** When the link lapses (the end of the ticket's clinic-local day). */
  expiresAt: Date;
}

const keyOf = (secret: string) => purposeKey(secret, 'queue-ticket-link');

export async function signQueueLink(secret: string, c: Omit<QueueLinkClaims, 'expiresAt'>, expiresAt: Date, now = new Date()): Promise<string> {
  return new SignJWT({ cid: c.companyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setSubject(c.ticketId)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/** 'expired' once lapsed; 'invalid' for anything the server did not sign as a queue link. */
export async function verifyQueueLink(secret: string, token: string, now = new Date()): Promise<QueueLinkClaims | 'expired' | 'invalid'> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
    if (!isId(payload.cid) || !isId(payload.sub) || typeof payload.exp !== 'number') return 'invalid';
    return { companyId: payload.cid, ticketId: payload.sub, expiresAt: new Date(payload.exp * 1000) };
  } catch (err) {
    return err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
  }
}

/** The claims of a queue link presented to the patient's page: 410 once lapsed, 401 when not signed as one or the company is closed. */
export async function openQueueLink(db: Db, secret: string, token: string, now: Date): Promise<QueueLinkClaims> {
  const claims = await verifyQueueLink(secret, token, now);
  if (claims === 'expired') throw new AppError(410, 'LINK_EXPIRED', 'errors.reminders.linkExpired');
  if (claims === 'invalid' || !(await companyIsOpen(db, claims.companyId))) throw new AppError(401, 'LINK_INVALID', 'errors.reminders.linkInvalid');
  return claims;
}
