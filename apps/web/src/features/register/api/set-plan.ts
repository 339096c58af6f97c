import { useMutation } from '@tanstack/react-query';
import type { ApiSuccess, Plan, SessionUser } from '@clinic/shared';
import { http } from '@/lib/http';
import { storeProfile } from '@/lib/session';

/** Saves the organisation's plan (it can be chosen once) and stores the refreshed profile. */
export async function setPlan(plan: Plan): Promise<SessionUser> {
  const body = await http.put<ApiSuccess<SessionUser>>('/profile', { plan }, { silent: true });
  storeProfile(body.data);
  return body.data;
}

export function useSetPlan() {
  return useMutation({ mutationFn: setPlan });
}
