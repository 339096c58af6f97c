import type { LoginAnswer, SecondFactorChallenge } from './schemas/auth.js';

/*
 * What the sign-in page reads from this package, in a module without Zod: importing these from the schemas' modules
 * would bring their validators (and Zod itself, about 25 KB gzipped) into the page's first load.
 */

/** Whether a sign-in's answer asks for the second step. */
export function isSecondFactorChallenge(answer: LoginAnswer): answer is SecondFactorChallenge {
  return 'secondFactor' in answer;
}

/** Why a single sign-on did not sign in; the web app shows each in the user's language (auth.sso.errors.*). */
export const SSO_ERROR_REASONS = [
  'unavailable', 'state', 'provider', 'cancelled', 'email_unverified', 'domain', 'no_account', 'email_shared', 'no_role', 'inactive', 'closed',
] as const;
export type SsoErrorReason = (typeof SSO_ERROR_REASONS)[number];
