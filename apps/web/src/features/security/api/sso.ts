import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type LoginAnswer, type SsoSettingsInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

const r = routes.sso;
const key = ['security', 'sso'] as const;

/** The organisation's single sign-on settings (administrators). */
export function useSsoSettings() {
  return useQuery({ queryKey: key, queryFn: async ({ signal }) => (await call(r.settings, {}, { signal })).data });
}

export function useSaveSsoSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsInput) => call(r.saveSettings, { body }),
    onSuccess: (reply) => client.setQueryData(key, reply.data),
  });
}

/** Fetches the issuer's discovery document through the API. */
export function useTestSso() {
  return useMutation({ mutationFn: (issuer: string) => call(r.test, { body: { issuer } }) });
}

/** The sign-in's answer for the one-time code of the provider's round trip (errors left to the landing page). */
export async function exchangeSsoCode(code: string): Promise<LoginAnswer> {
  return (await call(r.exchange, { body: { code } }, { silent: true, skipAuthRefresh: true })).data;
}
