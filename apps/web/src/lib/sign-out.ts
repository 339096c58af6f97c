import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession, getRefreshToken } from '@/lib/session';

/**
 * Revokes the refresh token on the server; the local session ends whatever the answer. The client and the contract's
 * sign-in routes are loaded with the first use: the shell's idle guard imports this, and the sign-in page must not
 * download every entity's schemas before the user signs in.
 */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  try {
    const [{ call }, { authRoutes }] = await Promise.all([import('@/lib/api-client'), import('@/lib/auth-routes')]);
    await call(authRoutes.logout, { body: refreshToken ? { refreshToken } : {} }, { silent: true, skipAuthRefresh: true });
  } catch {
    // Offline or already expired: signing out locally is still what the user asked for.
  }
}

/** Signs out: the server's session ended, the local one cleared, the sign-in page shown, nothing cached kept. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      clearSession();
      await navigate('/login', { replace: true });
      queryClient.clear();
    },
    meta: { globalOverlay: false },
  });
}
