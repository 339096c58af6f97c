import { useQuery } from '@tanstack/react-query';

/**
 * The sign-in page's single sign-on: the client and the contract's sign-in routes are loaded with the first request
 * (an organisation remembered from an earlier sign-in), so the page itself downloads no entity's schemas.
 */
const load = () => Promise.all([import('@/lib/api-client'), import('@/lib/auth-routes')]);

/** Whether the remembered organisation signs in through its provider, and its button's label. */
export function useSsoInfo(org: string) {
  return useQuery({
    queryKey: ['security', 'sso-info', org] as const,
    queryFn: async ({ signal }) => {
      const [{ call }, { ssoSignInRoutes }] = await load();
      return (await call(ssoSignInRoutes.info, { query: { org } }, { signal, silent: true, skipAuthRefresh: true })).data;
    },
    enabled: Boolean(org),
    staleTime: Infinity,
    retry: false,
  });
}

/** The address that starts a sign-in with the organisation's provider (`routes.sso.start`). */
export const ssoStartUrl = (org: string) => `/api/auth/sso/start?org=${encodeURIComponent(org.trim().toLowerCase())}`;
