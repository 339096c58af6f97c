import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isSecondFactorChallenge, type LoginAnswer, type LoginInput } from '@clinic/shared';
import { storeSignIn } from '@/lib/session';

export interface LoginVariables extends LoginInput {
  remember: boolean;
}

/** The sign-in request with the API client and the route contract: fetched when the user starts on the form. */
export const loadSignIn = () => import('./sign-in-request');

/** Signs in with a user name or e-mail. Errors are left to the sign-in screen (no refresh, no toast). */
export async function login(credentials: LoginInput): Promise<LoginAnswer> {
  return (await loadSignIn()).signIn(credentials);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ remember, ...credentials }: LoginVariables) =>
      login(credentials).then((result) => ({ result, remember })),
    onSuccess: ({ result, remember }) => {
      // A second step to make: nothing is signed in yet.
      if (isSecondFactorChallenge(result)) return;
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      storeSignIn(result, remember);
    },
    meta: { globalOverlay: false },
  });
}
