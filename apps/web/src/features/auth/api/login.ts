import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type LoginInput, type LoginResult } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { storeSignIn } from '@/lib/session';

export interface LoginVariables extends LoginInput {
  remember: boolean;
}

/** Signs in with a user name or e-mail. Errors are left to the sign-in screen (no refresh, no toast). */
export async function login({ email, password }: LoginInput): Promise<LoginResult> {
  const body = await call(routes.auth.login, { body: { email, password } }, { silent: true, skipAuthRefresh: true });
  return body.data;
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
