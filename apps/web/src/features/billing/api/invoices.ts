import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, ApiSuccess, BillingSettingsRecord, InvoiceRecord, InvoiceStatus, InvoiceSummary } from '@clinic/shared';
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

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function invoicesRequest(q: InvoicesQuery) {
  return {
    path: '/invoices',
    query: { page: q.page, limit: q.limit, sortBy: q.sortBy, order: q.order, search: q.search, status: q.status, clinic: q.clinic, patient: q.patient, insurer: q.insurer, from: q.from, to: q.to },
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
