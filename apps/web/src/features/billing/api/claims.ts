import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { claimSortFields, routes, type ClaimStatus, type ClaimUpdate } from '@clinic/shared';
import { listRequestQuery } from '@/components/list';
import { call } from '@/lib/api-client';
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
  const { page, limit, sortBy, order, search } = q;
  return {
    query: { ...listRequestQuery({ page, limit, sortBy, order, search }, claimSortFields), status: q.status ?? undefined, clinic: q.clinic ?? undefined, insurer: q.insurer ?? undefined },
  };
}

export const claimsQueryOptions = (query: ClaimsQuery) =>
  queryOptions({
    queryKey: billingKeys.claimList(query),
    queryFn: ({ signal }) => call(routes.claims.list, { query: claimsRequest(query).query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Moves a claim on (submitted, paid, rejected), with the version shown. */
export function useUpdateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ClaimUpdate }) => call(routes.claims.update, { params: { id }, body: input }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.claims() });
      await queryClient.invalidateQueries({ queryKey: billingKeys.invoices() });
    },
  });
}
