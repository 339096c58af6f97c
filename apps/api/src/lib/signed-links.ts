import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.js';
import { companyIsOpen } from './credential-liveness.js';
import { AppError } from './errors.js';
import { purposeKey } from './purpose-key.js';
import { isId } from './validation.js';

/**
 * The links the clinic sends patients (a visit's confirm/cancel link, a waiting-room ticket's link): each a token
 * signed with a key of its own purpose (derived from the server's secret, so one kind is never accepted as another
 * or as a sign-in), naming one record (`sub`) of one company (`cid`), with an id (`jti`) and a lapse time.
 *
 * A link is the clinic's, not a person's: it names no member of staff, and ends with its time or the company (a
 * closed company's links are refused, `companyIsOpen` in lib/credential-liveness.ts).
 */
export interface SignedLinkClaims {
  companyId: string;
  /** The record it names. */
  subject: string;
  linkId: string;
  expiresAt: Date;
}

export interface SignedLinkKind {
  sign(secret: string, companyId: string, subject: string, expiresAt: Date, now?: Date): Promise<string>;
  /** 'expired' once lapsed; 'invalid' for anything the server did not sign as this kind of link. */
  verify(secret: string, token: string, now?: Date): Promise<SignedLinkClaims | 'expired' | 'invalid'>;
  /** The claims of a link presented to a public page: 410 once lapsed, 401 when not signed as one or the company is closed. */
  open(db: Db, secret: string, token: string, now: Date): Promise<SignedLinkClaims>;
}

/** One kind of link: its audience (in the token) and its key's purpose (never shared with another kind). */
export function signedLinkKind(audience: string, purpose: string): SignedLinkKind {
  const keyOf = (secret: string) => purposeKey(secret, purpose);
  const verify: SignedLinkKind['verify'] = async (secret, token, now = new Date()) => {
    try {
      const { payload } = await jwtVerify(token, keyOf(secret), { audience, algorithms: ['HS256'], currentDate: now });
      if (!isId(payload.cid) || !isId(payload.sub) || !isId(payload.jti) || typeof payload.exp !== 'number') return 'invalid';
      return { companyId: payload.cid, subject: payload.sub, linkId: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch (err) {
      return err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
    }
  };
  return {
    sign: (secret, companyId, subject, expiresAt, now = new Date()) => new SignJWT({ cid: companyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(audience)
      .setSubject(subject)
      .setJti(randomUUID())
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(keyOf(secret)),
    verify,
    open: async (db, secret, token, now) => {
      const claims = await verify(secret, token, now);
      if (claims === 'expired') throw new AppError(410, 'LINK_EXPIRED', 'errors.reminders.linkExpired');
      if (claims === 'invalid' || !(await companyIsOpen(db, claims.companyId))) throw new AppError(401, 'LINK_INVALID', 'errors.reminders.linkInvalid');
      return claims;
    },
  };
}
