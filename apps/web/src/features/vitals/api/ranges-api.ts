import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type VitalRangesInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

const rangesKey = ['vitals', 'reference-ranges'] as const;

export async function getVitalRanges(signal?: AbortSignal) {
  return (await call(routes.vitals.ranges, {}, { signal })).data;
}

/** Replaces the company's overrides (a vital left out keeps the default); field errors come back per bound. */
export async function saveVitalRanges(body: VitalRangesInput) {
  return (await call(routes.vitals.setRanges, { body }, { successToast: true })).data;
}

/** The defaults, the company's overrides and the ranges in force. */
export function useVitalRanges() {
  return useQuery({ queryKey: rangesKey, queryFn: ({ signal }) => getVitalRanges(signal) });
}

export function useSaveVitalRanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVitalRanges,
    onSuccess: (data) => queryClient.setQueryData(rangesKey, data),
  });
}
