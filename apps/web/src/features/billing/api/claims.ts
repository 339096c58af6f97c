import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiList, ApiSuccess, ClaimRecord, ClaimStatus, ClaimUpdate } from '@clinic/shared';
import { http } from '@/lib/http';
import { billingKeys } from './billing-keys';

export interface ClaimsQuery {
  page: number;
  limit: number;
  sortBy: string;
  order: 'asc' | 'desc';
  search: string;
  status: ClaimStatus | null;
  clinic: string | null;
  insurer: string | null;
}

export function claimsRequest(q: ClaimsQuery) {
  return { path: '/claims', query: { page: q.page, limit: q.limit, sortBy: q.sortBy, order: q.order, search: q.search, status: q.status, clinic: q.clinic, insurer: q.insurer } };
}

export const claimsQueryOptions = (query: ClaimsQuery) =>
  queryOptions({
    queryKey: billingKeys.claimList(query),
    queryFn: ({ signal }) => {
      const request = claimsRequest(query);
      return http.get<ApiList<ClaimRecord>>(request.path, { signal, query: request.query });
    },
    placeholderData: keepPreviousData,
  });

/** Moves a claim on (submitted, paid, rejected), with the version shown. */
export function useUpdateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ClaimUpdate }) => http.patch<ApiSuccess<ClaimRecord>>(`/claims/${encodeURIComponent(id)}`, input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.claims() });
      await queryClient.invalidateQueries({ queryKey: billingKeys.invoices() });
    },
  });
}
