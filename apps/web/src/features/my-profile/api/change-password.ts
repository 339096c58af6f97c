import { useMutation } from '@tanstack/react-query';
import { routes, type ChangePasswordInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { storeTokens } from '@/lib/session';

/**
 * PUT /profile/password. The server ends every other session and answers fresh tokens for this one,
 * which replace the stored ones so this tab keeps working.
 */
export async function changePassword(input: ChangePasswordInput) {
  const result = await call(routes.profile.password, { body: input }, { silent: true });
  storeTokens(result.data.accessToken, result.data.refreshToken);
  return result;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
