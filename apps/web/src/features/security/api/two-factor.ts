import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type SecondFactorPolicyInput, type StepUpInput, type TotpDisableInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

/** The user's own second factors (authenticator app, recovery codes), step-up, and the organisation's rule. */
const r = routes.twoFactor;
export const twoFactorKey = ['two-factor'] as const;
export const policyKey = ['second-factor-policy'] as const;

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ queryKey: twoFactorKey, queryFn: async () => (await call(r.status, {})).data, enabled });
}

function useRefreshing<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }) });
}

export const useEnrolTotp = () => useRefreshing(async () => (await call(r.enrolTotp, {}, { successToast: false })).data);
export const useConfirmTotp = () => useRefreshing(async (code: string) => (await call(r.confirmTotp, { body: { code } }, { silent: true })).data);
export const useDisableTotp = () => useRefreshing(async (body: TotpDisableInput) => call(r.disableTotp, { body }, { silent: true }));
export const useRegenerateRecoveryCodes = () => useRefreshing(async () => (await call(r.regenerateRecoveryCodes, {})).data);

/** Proves who the user is again (no step-up of its own: it is the step-up). */
export async function stepUp(body: StepUpInput) {
  return (await call(r.stepUp, { body }, { silent: true, skipStepUp: true })).data;
}

export function usePolicy() {
  return useQuery({ queryKey: policyKey, queryFn: async () => (await call(r.getPolicy, {})).data });
}

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SecondFactorPolicyInput) => (await call(r.updatePolicy, { body })).data,
    onSuccess: (data) => queryClient.setQueryData(policyKey, data),
  });
}
