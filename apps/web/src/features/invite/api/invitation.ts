import { useMutation, useQuery } from '@tanstack/react-query';
import { routes, type InvitationAcceptInput, type InvitationView } from '@clinic/shared';
import { call } from '@/lib/api-client';

/** Public requests: no session, no refresh, and no toast (the page shows what went wrong itself). */
const PUBLIC = { silent: true, skipAuthRefresh: true } as const;

/** POST /invitations/lookup: who is invited, by which company, until when (404 invalid, 410 expired, 409 used). */
export async function lookupInvitation(token: string, signal?: AbortSignal): Promise<InvitationView> {
  return (await call(routes.invitations.lookup, { body: { token } }, { ...PUBLIC, signal })).data;
}

/** POST /invitations/accept: the person's own user name and password; the link is used up. */
export async function acceptInvitation(input: InvitationAcceptInput) {
  return (await call(routes.invitations.accept, { body: input }, PUBLIC)).data;
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => lookupInvitation(token, signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: acceptInvitation,
    meta: { globalOverlay: false },
  });
}
