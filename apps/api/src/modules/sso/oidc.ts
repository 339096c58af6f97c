import * as client from 'openid-client';
import { providerFetch } from './provider-fetch.js';

/**
 * The OpenID Connect client calls (openid-client): discovery of the issuer, the authorization address with PKCE, state
 * and nonce, and the code exchange that checks them, the ID token's issuer, audience and signature, and the userinfo
 * subject. Every request goes through `providerFetch`: public https addresses only, unless the operator allows
 * private ones (and then http too).
 */

export const SCOPE = 'openid email profile';
const TIMEOUT_SECONDS = 10;

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Reads the issuer's discovery document; refuses one that names another issuer. The configuration answered makes
 * its later requests (keys, code exchange, userinfo) through the same checked fetch. `allowPrivate`: the operator's
 * `SSO_ALLOW_PRIVATE_ISSUERS`.
 */
export async function discover(provider: ProviderClient, allowPrivate: boolean): Promise<client.Configuration> {
  const url = new URL(provider.issuer);
  const insecure = url.protocol === 'http:' && allowPrivate;
  return client.discovery(url, provider.clientId, { client_secret: provider.clientSecret }, client.ClientSecretPost(provider.clientSecret), {
    timeout: TIMEOUT_SECONDS,
    [client.customFetch]: providerFetch(allowPrivate),
    ...(insecure && { execute: [client.allowInsecureRequests] }),
  });
}

export interface RoundTrip {
  state: string;
  nonce: string;
  verifier: string;
}

export function newRoundTrip(): RoundTrip {
  return { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
}

export async function authorizationUrl(config: client.Configuration, redirectUri: string, trip: RoundTrip): Promise<URL> {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    response_type: 'code',
    state: trip.state,
    nonce: trip.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(trip.verifier),
    code_challenge_method: 'S256',
  });
}

/** The person as the provider describes them (the ID token's claims, completed by userinfo). */
export interface ProviderPerson {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  groups: string[];
}

/** Exchanges the code (PKCE) and checks state, nonce, issuer and audience; then reads userinfo for the same subject. */
export async function exchangeCode(config: client.Configuration, callbackUrl: URL, trip: RoundTrip): Promise<ProviderPerson> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: trip.verifier, expectedState: trip.state, expectedNonce: trip.nonce, idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  let info: Record<string, unknown> = {};
  if (config.serverMetadata().userinfo_endpoint) info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  const all: Record<string, unknown> = { ...info, ...claims };
  const email = typeof all.email === 'string' ? all.email.trim().toLowerCase() : null;
  const groups = Array.isArray(all.groups) ? all.groups.filter((g): g is string => typeof g === 'string') : [];
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email,
    emailVerified: all.email_verified === true || all.email_verified === 'true',
    name: typeof all.name === 'string' ? all.name : null,
    groups,
  };
}
