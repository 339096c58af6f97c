import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type InvitationCreateInput, type InvitationSent } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { employeesKeys } from './employees-keys';
import { usersKeys } from './get-users';

/** After an invitation the users list shows the invited person (or their new expiry). */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
  ]);
}

/** POST /invitations: the person, their type and roles; the answer holds the link (and whether it was e-mailed). */
export async function inviteUser(input: InvitationCreateInput): Promise<InvitationSent> {
  return (await call(routes.invitations.create, { body: input }, { silent: true })).data;
}

/** POST /employees/{id}/invitation: a new link for a pending or lapsed invitation; the old link stops working. */
export async function resendInvitation(employeeId: string): Promise<InvitationSent> {
  return (await call(routes.invitations.resend, { params: { id: employeeId } })).data;
}

export function useInviteUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    meta: { lookups: ['staff', 'doctors'] },
    mutationFn: inviteUser,
    onSuccess: () => void refresh(),
  });
}

export function useResendInvitation() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => void refresh(),
  });
}
