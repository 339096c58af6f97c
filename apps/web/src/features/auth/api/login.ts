import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResult } from '@clinic/shared';
import { storeSignIn } from '@/lib/session';
import { loadAuthRoutes } from '@/lib/session-refresh';

export interface LoginVariables extends LoginInput {
  remember: boolean;
}

/**
 * Signs in with a user name or e-mail. Errors are left to the sign-in screen (no refresh, no toast). The route comes
 * with its first use (the sign-in form starts loading it when the user starts on the form).
 */
export async function login(credentials: LoginInput): Promise<LoginResult> {
  return (await loadAuthRoutes()).signIn(credentials);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ remember, ...credentials }: LoginVariables) =>
      login(credentials).then((result) => ({ result, remember })),
    onSuccess: ({ result, remember }) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      storeSignIn(result, remember);
    },
    meta: { globalOverlay: false },
  });
}
