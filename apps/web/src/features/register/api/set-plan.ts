import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type Plan, type SessionUser } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { applyProfile } from '@/lib/session-context';

/** Saves the organisation's plan (it can be chosen once); the answer is the refreshed profile. */
export async function setPlan(plan: Plan): Promise<SessionUser> {
  const body = await call(routes.profile.update, { body: { plan } }, { silent: true });
  return body.data;
}

/** Saves the plan and makes the answer the session's profile, so the menu follows the plan at once. */
export function useSetPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPlan, onSuccess: (profile) => applyProfile(queryClient, profile) });
}
