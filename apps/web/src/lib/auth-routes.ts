import { routes } from '@clinic/shared';

/**
 * The contract's sign-in and session routes, in a chunk of their own (loaded with their first use): the contract holds
 * every entity's schemas, which the sign-in page must not download before the user signs in.
 */
export const authRoutes = routes.auth;

/** The sign-in's second step (authenticator code, recovery code). */
export const secondStepRoutes = { totp: routes.twoFactor.signInTotp, recovery: routes.twoFactor.signInRecovery };

/** The sign-in page's single sign-on: whether an organisation signs in through its provider. */
export const ssoSignInRoutes = { info: routes.sso.info };
