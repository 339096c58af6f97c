import type { LoginAnswer, LoginInput, LoginResult } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { authRoutes, secondStepRoutes } from '@/lib/auth-routes';

/**
 * Signs in with a user name or e-mail. Errors are left to the sign-in screen (no refresh, no toast). In a chunk of its
 * own with the API client and the route contract, which the sign-in page starts loading when the user starts on the
 * form.
 */
export async function signIn({ email, password }: LoginInput): Promise<LoginAnswer> {
  const body = await call(authRoutes.login, { body: { email, password } }, { silent: true, skipAuthRefresh: true });
  return body.data;
}

/** The sign-in's second step: the ticket of the password step and an authenticator code or a recovery code. */
export async function signInSecondStep(kind: 'totp' | 'recovery', ticket: string, code: string): Promise<LoginResult> {
  const body = await call(secondStepRoutes[kind], { body: { ticket, code } }, { silent: true, skipAuthRefresh: true });
  return body.data;
}
