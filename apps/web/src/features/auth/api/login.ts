import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isSecondFactorChallenge, type LoginAnswer, type LoginInput, type LoginResult } from '@clinic/shared';
import { storeSignIn } from '@/lib/session';
import { profileQueryKey } from '@/lib/session-context';

export interface LoginVariables extends LoginInput {
  remember: boolean;
}

/** The sign-in request with the API client and the route contract: fetched when the user starts on the form. */
export const loadSignIn = () => import('./sign-in-request');

/** Signs in with a user name or e-mail. Errors are left to the sign-in screen (no refresh, no toast). */
export async function login(credentials: LoginInput): Promise<LoginAnswer> {
  return (await loadSignIn()).signIn(credentials);
}

/** Makes a completed sign-in the session's own (its profile too: a session held to enrolment shows that screen at once). */
function signedIn(queryClient: QueryClient, result: LoginResult, remember: boolean) {
  // Nothing cached for a previous user may leak into this session.
  queryClient.clear();
  storeSignIn(result, remember);
  queryClient.setQueryData(profileQueryKey(result.user._id), result.user);
}

/** Stores a sign-in completed elsewhere (a passkey as the second step), as the other factors' answers are stored. */
export function useStoreSignIn() {
  const queryClient = useQueryClient();
  return (result: LoginResult, remember: boolean) => signedIn(queryClient, result, remember);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ remember, ...credentials }: LoginVariables) =>
      login(credentials).then((result) => ({ result, remember })),
    onSuccess: ({ result, remember }) => {
      // A second step to make: nothing is signed in yet.
      if (isSecondFactorChallenge(result)) return;
      signedIn(queryClient, result, remember);
    },
    meta: { globalOverlay: false },
  });
}

export interface SecondStepVariables {
  kind: 'totp' | 'recovery';
  ticket: string;
  code: string;
  remember: boolean;
}

/** The second step of a sign-in (an authenticator code or a recovery code against the password step's ticket). */
export function useSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, ticket, code }: SecondStepVariables) => (await loadSignIn()).signInSecondStep(kind, ticket, code),
    onSuccess: (result, { remember }) => signedIn(queryClient, result, remember),
    meta: { globalOverlay: false },
  });
}
