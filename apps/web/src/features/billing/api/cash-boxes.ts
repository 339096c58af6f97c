import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type CashBoxCloseValues } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

export interface CashBoxesQuery {
  clinic?: string | null;
  includeInactive?: boolean;
}

export const cashBoxesQueryOptions = (query: CashBoxesQuery = {}) =>
  queryOptions({
    queryKey: billingKeys.cashBoxList(query),
    queryFn: ({ signal }) =>
      call(routes.cashBoxes.list, { query: { clinic: query.clinic ?? undefined, includeInactive: query.includeInactive ? 'true' : undefined, allData: 'true' } }, { signal }).then((r) => r.data),
  });

/** The cash boxes a payment may go into (the clinic's and the company's, active ones). */
export function useCashBoxes(query: CashBoxesQuery = {}, enabled = true) {
  return useQuery({ ...cashBoxesQueryOptions(query), enabled });
}

export const cashBoxQueryOptions = (id: string) =>
  queryOptions({
    queryKey: billingKeys.cashBox(id),
    queryFn: ({ signal }) => call(routes.cashBoxes.get, { params: { id } }, { signal, silent: true }).then((r) => r.data),
  });

export function useCashBox(id: string | null) {
  return useQuery({ ...cashBoxQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** Closes the box's day: the counted cash against the expected balance. */
export function useCloseCashBox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CashBoxCloseValues }) =>
      call(routes.cashBoxes.close, { params: { id }, body: input }, { silent: true }),
    onSuccess: async (_r, { id }) => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.cashBoxes() });
      await queryClient.invalidateQueries({ queryKey: billingKeys.cashBox(id) });
    },
  });
}

/** Where a day close's printable (Z) report is: A4, or the 80 mm till receipt. */
export const zReportPath = (boxId: string, closeId: string, receipt = false) =>
  `/print/cash-box-close${receipt ? '-receipt' : ''}/${encodeURIComponent(boxId)}/${encodeURIComponent(closeId)}`;

/** A day close's (Z) report: the day's opening balance, cash in and out, expected, counted and the difference. */
export function useCloseReport(boxId: string, closeId: string) {
  return useQuery({
    queryKey: [...billingKeys.cashBox(boxId), 'close', closeId],
    queryFn: ({ signal }) => call(routes.cashBoxes.closeReport, { params: { id: boxId, closeId } }, { signal, silent: true }).then((r) => r.data),
    enabled: Boolean(boxId && closeId),
  });
}
