import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  invoiceSortFields, routes, type ApiList, type ApiSuccess, type BillingSettingsRecord, type InvoiceRecord, type InvoiceStatus, type InvoiceSummary,
} from '@clinic/shared';
import { oneOf } from '@/components/list';
import { http } from '@/lib/http';
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

/** The list's request, its path and query, and the export that asks the same (every row the filters select, as CSV). */
export function invoicesRequest(q: InvoicesQuery) {
  return {
    path: '/invoices',
    route: routes.exports.invoices,
    query: {
      page: q.page, limit: q.limit, sortBy: oneOf(q.sortBy, invoiceSortFields) ?? undefined, order: q.order, search: q.search, status: q.status ?? undefined,
      clinic: q.clinic ?? undefined, patient: q.patient ?? undefined, insurer: q.insurer ?? undefined, from: q.from ?? undefined, to: q.to ?? undefined,
    },
  };
}

export const invoicesQueryOptions = (query: InvoicesQuery) =>
  queryOptions({
    queryKey: billingKeys.invoiceList(query),
    queryFn: ({ signal }) => {
      const request = invoicesRequest(query);
      return http.get<ApiList<InvoiceSummary>>(request.path, { signal, query: request.query });
    },
    placeholderData: keepPreviousData,
  });

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => http.get<ApiSuccess<InvoiceRecord>>(`/invoices/${encodeURIComponent(id)}`, { signal, silent: true }).then((r) => r.data),
  });

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}

/** The company's currency, VAT rate and tax number. */
export function useBillingSettings() {
  return useQuery({
    queryKey: billingKeys.settings(),
    queryFn: ({ signal }) => http.get<ApiSuccess<BillingSettingsRecord>>('/billing/settings', { signal, silent: true }).then((r) => r.data),
    staleTime: 60_000,
  });
}
