import { jwtVerify, SignJWT } from 'jose';
import { purposeKey } from './purpose-key.js';
import { isId } from './validation.js';

/**
 * The link of an invitation to set up an account: a token signed with a key of its own (derived from the server's
 * secret, so it is never accepted as a sign-in, a patient link or a file link), naming one invitation row of one
 * company. It is made from the row alone (same row, same link), so the e-mail job can write it without the token
 * being stored anywhere. Whether it still works (not accepted, not revoked, not lapsed, the person active, the
 * company open) is decided on the row at each use; the signature only says the server made it.
 */
const AUDIENCE = 'clinic-staff-invitation';

export interface InvitationClaims {
  companyId: string;
  invitationId: string;
}

const keyOf = (secret: string) => purposeKey(secret, 'staff-invitation-link');

export function signInvitation(secret: string, c: InvitationClaims, createdAt: Date): Promise<string> {
  return new SignJWT({ cid: c.companyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setSubject(c.invitationId)
    .setIssuedAt(Math.floor(createdAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/** The invitation a token names, or null for anything the server did not sign as an invitation. */
export async function verifyInvitation(secret: string, token: string): Promise<InvitationClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { audience: AUDIENCE, algorithms: ['HS256'] });
    if (!isId(payload.cid) || !isId(payload.sub)) return null;
    return { companyId: payload.cid, invitationId: payload.sub };
  } catch {
    return null;
  }
}

/** The address the invited person opens: the web app's invitation page. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/invite?token=${encodeURIComponent(token)}`;
}
