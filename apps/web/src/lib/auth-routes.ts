import { routes, type LoginInput, type LoginResult } from '@clinic/shared';
import { call } from './api-client';

/*
 * The contract's sign-in and session routes and the API client, in a chunk of their own (`loadAuthRoutes` in
 * session-refresh.ts): the contract holds every entity's schemas, which the sign-in page must not download before the
 * user signs in.
 */

export const authRoutes = routes.auth;

/** Signs in with a user name or e-mail. Errors are left to the sign-in screen (no refresh, no toast). */
export async function signIn({ email, password }: LoginInput): Promise<LoginResult> {
  const body = await call(authRoutes.login, { body: { email, password } }, { silent: true, skipAuthRefresh: true });
  return body.data;
}
