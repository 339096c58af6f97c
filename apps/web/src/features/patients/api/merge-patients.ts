import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type PatientMergeInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { patientsKeys } from './patients-keys';

/** What references a patient, by kind (appointments, notes, invoices, ...): the comparison before a merge. */
export function useRecordCounts(id: string | null) {
  return useQuery({
    queryKey: [...patientsKeys.details(), id, 'record-counts'] as const,
    queryFn: async ({ signal }) => (await call(routes.patients.recordCounts, { params: { id: id! } }, { signal, silent: true })).data,
    enabled: Boolean(id),
  });
}

/** Merges `duplicate` into `body.into`; the duplicate is gone afterwards, the kept record changed. */
export function useMergePatients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ duplicate, body }: { duplicate: string; body: PatientMergeInput }) =>
      call(routes.patients.merge, { params: { id: duplicate }, body }),
    onSuccess: async (_result, { duplicate, body }) => {
      await forgetDeletedRecord(queryClient, { forget: [patientsKeys.detail(duplicate)], refresh: [patientsKeys.lists(), patientsKeys.detail(body.into)] });
    },
  });
}
