import { useMutation } from '@tanstack/react-query';
import type { ApiSuccess, ChangePasswordInput } from '@clinic/shared';
import { http } from '@/lib/http';
import { storeTokens } from '@/lib/session';

/**
 * PUT /profile/password. The server ends every other session and answers fresh tokens for this one,
 * which replace the stored ones so this tab keeps working.
 */
export async function changePassword(input: ChangePasswordInput): Promise<ApiSuccess<{ accessToken: string; refreshToken: string }>> {
  const result = await http.put<ApiSuccess<{ accessToken: string; refreshToken: string }>>('/profile/password', input, { silent: true });
  storeTokens(result.data.accessToken, result.data.refreshToken);
  return result;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
