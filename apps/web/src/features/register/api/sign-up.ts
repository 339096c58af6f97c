import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type LoginResult, type SignupValues } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { storeSignIn } from '@/lib/session';

/** Creates the organisation and its first administrator; the answer is a sign-in. */
export async function signUp(values: SignupValues): Promise<LoginResult> {
  const body = await call(routes.auth.signup, { body: values }, { silent: true, skipAuthRefresh: true });
  return body.data;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (result) => {
      queryClient.clear();
      // The wizard continues over several steps (and reloads): keep the session in local storage.
      storeSignIn(result, true);
    },
    meta: { globalOverlay: false },
  });
}
