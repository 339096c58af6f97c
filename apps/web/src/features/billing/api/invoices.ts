import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { invoiceSortFields, routes, type InvoiceStatus } from '@clinic/shared';
import { listRequestQuery } from '@/components/list';
import { call } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

export interface InvoicesQuery {
  page: number;
  limit: number;
  sortBy: string;
  order: 'asc' | 'desc';
  search: string;
  status: InvoiceStatus | null;
  clinic: string | null;
  patient: string | null;
  insurer: string | null;
  from: string | null;
  to: string | null;
}

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function invoicesRequest(q: InvoicesQuery) {
  const { page, limit, sortBy, order, search } = q;
  return {
    route: routes.exports.invoices,
    query: {
      ...listRequestQuery({ page, limit, sortBy, order, search }, invoiceSortFields),
      status: q.status ?? undefined, clinic: q.clinic ?? undefined, patient: q.patient ?? undefined, insurer: q.insurer ?? undefined, from: q.from ?? undefined, to: q.to ?? undefined,
    },
  };
}

export const invoicesQueryOptions = (query: InvoicesQuery) =>
  queryOptions({
    queryKey: billingKeys.invoiceList(query),
    queryFn: ({ signal }) => call(routes.invoices.list, { query: invoicesRequest(query).query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => call(routes.invoices.get, { params: { id } }, { signal, silent: true }).then((r) => r.data),
  });

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}

/** The company's currency, VAT rate and tax number. */
export function useBillingSettings() {
  return useQuery({
    queryKey: billingKeys.settings(),
    queryFn: ({ signal }) => call(routes.billingSettings.get, {}, { signal, silent: true }).then((r) => r.data),
    staleTime: 60_000,
  });
}
