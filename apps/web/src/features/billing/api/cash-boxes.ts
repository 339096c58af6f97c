import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiList, ApiSuccess, CashBoxCloseValues, CashBoxDetails, CashBoxSummary } from '@clinic/shared';
import { http } from '@/lib/http';
import { billingKeys } from './billing-keys';

export interface CashBoxesQuery {
  clinic?: string | null;
  includeInactive?: boolean;
}

export const cashBoxesQueryOptions = (query: CashBoxesQuery = {}) =>
  queryOptions({
    queryKey: billingKeys.cashBoxList(query),
    queryFn: ({ signal }) =>
      http.get<ApiList<CashBoxSummary>>('/cash-boxes', { signal, query: { clinic: query.clinic, includeInactive: query.includeInactive, allData: true } }).then((r) => r.data),
  });

/** The cash boxes a payment may go into (the clinic's and the company's, active ones). */
export function useCashBoxes(query: CashBoxesQuery = {}, enabled = true) {
  return useQuery({ ...cashBoxesQueryOptions(query), enabled });
}

export const cashBoxQueryOptions = (id: string) =>
  queryOptions({
    queryKey: billingKeys.cashBox(id),
    queryFn: ({ signal }) => http.get<ApiSuccess<CashBoxDetails>>(`/cash-boxes/${encodeURIComponent(id)}`, { signal, silent: true }).then((r) => r.data),
  });

export function useCashBox(id: string | null) {
  return useQuery({ ...cashBoxQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** Closes the box's day: the counted cash against the expected balance. */
export function useCloseCashBox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CashBoxCloseValues }) =>
      http.post<ApiSuccess<CashBoxDetails>>(`/cash-boxes/${encodeURIComponent(id)}/close`, input, { silent: true }),
    onSuccess: async (_r, { id }) => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.cashBoxes() });
      await queryClient.invalidateQueries({ queryKey: billingKeys.cashBox(id) });
    },
  });
}
