import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_LINK_TTL_SECONDS } from '@clinic/shared';
import type { Deps } from './app-types.js';

/**
 * Signed file links. A picture in an <img> tag cannot send an Authorization header, so the URLs records carry are
 * signed instead; each link names the sign-in it was issued to (employee, session version, refresh-token family)
 * and lives a few minutes. The download asks the credential liveness check (lib/credential-liveness.ts) that the
 * sign-in is still live, so logging out, a password change, a deactivation, a deletion or the company's closing ends
 * every link issued to it; a health report's link also needs its holder to still read patients.
 */

/** The sign-in a link is issued to. */
export interface LinkSession {
  employeeId: string;
  /** employees.session_version at issue: a password change or a deactivation bumps it. */
  sessionVersion: number;
  /** The refresh-token family of the sign-in: logout revokes it. */
  familyId: string;
}

/**
 * The sign-in of the request being answered. Set around each signed-in route's handler (plugins/files.ts), so the
 * services that build records sign links for the caller without every read taking the session as a parameter.
 */
const currentSession = new AsyncLocalStorage<LinkSession>();

/**
 * The record a download is a read of, when that read is audited: a health report's link names its patient and report,
 * so every download through it is written to the audit log under the patient without a lookup. Signed with the rest,
 * so it cannot be dropped from a link.
 */
export interface LinkAudit {
  patientId: string;
  documentId: string;
}

export function withLinkSession<T>(session: LinkSession, fn: () => T): T {
  return currentSession.run(session, fn);
}

/**
 * Runs `fn` outside any request's sign-in: background work (the job runner) may be started from within a request
 * (the embedded database wakes the runner in the committing request's context), and must never sign links as that
 * person.
 */
export function withoutLinkSession<T>(fn: () => T): T {
  return currentSession.exit(fn);
}

function signature(deps: Deps, companyId: string, fileId: string, exp: number, s: LinkSession, audit: LinkAudit | undefined): string {
  return createHmac('sha256', deps.config.jwtSecret)
    .update(`file-link:${companyId}:${fileId}:${exp}:${s.employeeId}:${s.sessionVersion}:${s.familyId}:${audit?.patientId ?? ''}:${audit?.documentId ?? ''}`)
    .digest('base64url');
}

/**
 * A relative URL for a stored file that works in <img> and download links without a Bearer header, for the
 * signed-in caller only and for FILE_LINK_TTL_SECONDS. The expiry is rounded up to the minute, so a page fetched
 * twice within a minute gets the same URL (and the browser's cached copy).
 */
export function fileUrl(deps: Deps, companyId: string, fileId: string, opts: { session?: LinkSession; audit?: LinkAudit } = {}): string {
  const session = opts.session ?? currentSession.getStore();
  // A link outside a signed-in request would have no sign-in to end with: that is a bug, not a fallback.
  if (!session) throw new Error('file links are issued only while answering a signed-in request');
  const exp = Math.ceil(Date.now() / 60_000) * 60 + FILE_LINK_TTL_SECONDS;
  const q = new URLSearchParams({ c: companyId, e: String(exp), u: session.employeeId, v: String(session.sessionVersion), f: session.familyId });
  if (opts.audit) {
    q.set('p', opts.audit.patientId);
    q.set('d', opts.audit.documentId);
  }
  q.set('s', signature(deps, companyId, fileId, exp, session, opts.audit));
  return `/api/files/${fileId}?${q.toString()}`;
}

export interface FileLinkQuery {
  c: string;
  e: number;
  u: string;
  v: number;
  f: string;
  p?: string | undefined;
  d?: string | undefined;
  s: string;
}

/** 'invalid' for a link the server did not sign (or signed for another file or company), 'expired' once it lapsed. */
export function verifyFileLink(deps: Deps, fileId: string, q: FileLinkQuery): { session: LinkSession; audit: LinkAudit | undefined } | 'expired' | 'invalid' {
  const session: LinkSession = { employeeId: q.u, sessionVersion: q.v, familyId: q.f };
  const audit = q.p || q.d ? { patientId: q.p ?? '', documentId: q.d ?? '' } : undefined;
  const expected = Buffer.from(signature(deps, q.c, fileId, q.e, session, audit));
  const given = Buffer.from(q.s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const nowSeconds = Date.now() / 1000;
  if (q.e < nowSeconds) return 'expired';
  // No link is ever issued for longer than its life (plus the rounding to the minute).
  if (q.e > nowSeconds + FILE_LINK_TTL_SECONDS + 60) return 'invalid';
  return { session, audit };
}
