import { randomBytes } from 'node:crypto';
import type { LoginAnswer, SsoErrorReason, SsoInfo } from '@clinic/shared';
import type { Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { companyIsOpen } from '../../lib/credential-liveness.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { hashToken } from '../../lib/tokens.js';
import { afterFirstFactor, insertChallenge, noteSignIn } from '../auth/index.js';
import { authorizationUrl, discover, exchangeCode, newRoundTrip, type ProviderPerson } from './oidc.js';
import { resolveAccount } from './sso.accounts.js';
import { findCompanyByAddress, findLinkedAccount, findProvider, takeChallenge, type ProviderRow } from './sso.repository.js';
import { open, seal } from '../../lib/secret-box.js';
import { redirectUriOf, SECRET_PURPOSE } from './sso.settings.js';

/**
 * The single sign-on round trip. `start` keeps the state, nonce and PKCE verifier (10 minutes, single use) and sends the
 * browser to the provider; `callback` spends the state, exchanges the code, finds the person's account and signs in
 * (the second step still applies), then sends the browser to the web app with a one-time code (1 minute) that
 * `exchange` turns into the sign-in's answer. Every refusal of the round trip lands on /login with a reason.
 */

const STATE_MINUTES = 10;
const HANDOFF_SECONDS = 60;
const HANDOFF_PURPOSE = 'sso-handoff';

/**
 * The browser that started a round trip: a random key in an HttpOnly cookie (SameSite=Lax, so the provider's redirect
 * back brings it) whose digest the state and then the hand-off code keep. A callback or a hand-off code carried to
 * another browser (someone's own sign-in sent as a link) is refused, so nobody is signed in as somebody else.
 */
export const BROWSER_COOKIE = 'clinic_sso';
const BROWSER_COOKIE_PATH = '/api/auth/sso';

export function browserCookie(deps: Deps, key: string | null): string {
  const secure = deps.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${BROWSER_COOKIE}=${key ?? ''}; Path=${BROWSER_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${key ? STATE_MINUTES * 60 : 0}${secure}`;
}

/** The round trip's key from a request's Cookie header ('' when it has none). */
export function browserKeyOf(cookieHeader: string | undefined): string {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === BROWSER_COOKIE) return part.slice(at + 1).trim();
  }
  return '';
}

const sameBrowser = (held: string | undefined, key: string) => Boolean(held && key && held === hashToken(key));

const loginError = (deps: Deps, reason: SsoErrorReason) => `${deps.config.publicUrl}/login?sso_error=${reason}`;

const clientOf = (deps: Deps, row: ProviderRow) => ({
  issuer: row.issuer, clientId: row.clientId, clientSecret: open(deps.config.jwtSecret, SECRET_PURPOSE, row.clientSecretEnc),
});

/** Whether the organisation signs in through its provider, and the label of its button (nothing else before sign-in). */
export async function ssoInfo(deps: Deps, org: string): Promise<SsoInfo> {
  const companyId = await findCompanyByAddress(deps.db, org);
  const row = companyId ? await findProvider(deps.db, companyId) : null;
  return row?.enabled ? { available: true, label: row.label } : { available: false, label: null };
}

/**
 * Where the browser goes to start (the provider's sign-in page, or /login with the reason it cannot), and the key its
 * cookie keeps for the round trip (null when it does not start).
 */
export async function startSso(deps: Deps, ctx: RequestContext, org: string): Promise<{ location: string; browserKey: string | null }> {
  const companyId = await findCompanyByAddress(deps.db, org);
  const row = companyId ? await findProvider(deps.db, companyId) : null;
  if (!companyId || !row?.enabled) return { location: loginError(deps, 'unavailable'), browserKey: null };
  try {
    const config = await discover(clientOf(deps, row), deps.config.ssoAllowPrivateIssuers);
    const trip = newRoundTrip();
    const url = await authorizationUrl(config, redirectUriOf(deps), trip);
    const browserKey = randomBytes(32).toString('base64url');
    await insertChallenge(deps.db, {
      purpose: 'sso_state', tokenHash: hashToken(trip.state), subject: { companyId },
      data: { nonce: trip.nonce, verifier: trip.verifier, issuer: row.issuer, browser: hashToken(browserKey) },
      expiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
    });
    return { location: url.href, browserKey };
  } catch (err) {
    ctx.log.warn({ err, companyId }, 'single sign-on could not start');
    return { location: loginError(deps, 'provider'), browserKey: null };
  }
}

/** The provider's answer as received, on the registered redirect address (never the request's own host). */
function callbackUrl(deps: Deps, query: Record<string, unknown>): URL {
  const url = new URL(redirectUriOf(deps));
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') url.searchParams.set(key, value);
  return url;
}

export async function finishSso(deps: Deps, ctx: RequestContext, query: Record<string, unknown>, browserKey: string): Promise<string> {
  const state = typeof query.state === 'string' ? query.state : '';
  const held = state ? await takeChallenge(deps.db, 'sso_state', hashToken(state)) : null;
  const companyId = (held?.subject as { companyId?: string } | null)?.companyId;
  if (!held || !companyId) return loginError(deps, 'state');
  const trip = held.data as { nonce: string; verifier: string; issuer: string; browser?: string };
  if (!sameBrowser(trip.browser, browserKey)) {
    await recordAudit(deps.db, ctx, { companyId, actorId: null, action: 'sso_refused', entity: 'session', changes: { reason: 'browser' } });
    return loginError(deps, 'state');
  }
  if (typeof query.error === 'string') return loginError(deps, query.error === 'access_denied' ? 'cancelled' : 'provider');
  const row = await findProvider(deps.db, companyId);
  if (!row?.enabled || row.issuer !== trip.issuer) return loginError(deps, 'unavailable');

  let person: ProviderPerson;
  try {
    const config = await discover(clientOf(deps, row), deps.config.ssoAllowPrivateIssuers);
    person = await exchangeCode(config, callbackUrl(deps, query), { state, nonce: trip.nonce, verifier: trip.verifier });
  } catch (err) {
    ctx.log.warn({ err, companyId }, 'single sign-on refused the provider\'s answer');
    await recordAudit(deps.db, ctx, { companyId, actorId: null, action: 'sso_refused', entity: 'session', changes: { reason: 'provider' } });
    return loginError(deps, 'provider');
  }

  // A closed organisation takes nobody in (and makes no account): its known person gets the history row.
  const found = (await companyIsOpen(deps.db, companyId))
    ? await resolveAccount(deps, ctx, row, person)
    : { account: await findLinkedAccount(deps.db, companyId, person.issuer, person.subject), reason: 'closed' as const };
  const reason = found.reason;
  if (reason) {
    await recordAudit(deps.db, ctx, {
      companyId, actorId: found.account?.id ?? null, action: 'sso_refused', entity: 'session', changes: { reason, email: person.email },
    });
    if (found.account) await noteSignIn(deps, ctx, found.account, { method: 'sso', result: 'sso_refused' });
    return loginError(deps, reason);
  }
  const answer = await afterFirstFactor(deps, ctx, found.account!, 'sso');
  const code = randomBytes(32).toString('base64url');
  await insertChallenge(deps.db, {
    purpose: 'sso_handoff', tokenHash: hashToken(code), subject: { companyId, employeeId: found.account!.id },
    data: { answer: seal(deps.config.jwtSecret, HANDOFF_PURPOSE, JSON.stringify(answer)), browser: trip.browser },
    expiresAt: new Date(Date.now() + HANDOFF_SECONDS * 1000),
  });
  return `${deps.config.publicUrl}/login/sso#code=${code}`;
}

/** The sign-in's answer for a hand-off code, once, in the browser that started the round trip. */
export async function exchangeHandoff(deps: Deps, code: string, browserKey: string): Promise<LoginAnswer> {
  const held = await takeChallenge(deps.db, 'sso_handoff', hashToken(code));
  const data = held?.data as { answer?: string; browser?: string } | undefined;
  const sealed = sameBrowser(data?.browser, browserKey) ? data?.answer : undefined;
  if (!sealed) throw new AppError(401, 'SSO_HANDOFF_INVALID', 'errors.security.sso.handoffInvalid');
  return JSON.parse(open(deps.config.jwtSecret, HANDOFF_PURPOSE, sealed)) as LoginAnswer;
}
