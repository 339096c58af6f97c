import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, ServiceRecord } from '@clinic/shared';
import type { ListParams } from '@/components/list';
import { http } from '@/lib/http';
import { servicesKeys } from './services-keys';

export type ServicesQuery = ListParams & { status: 'ACTIVE' | 'INACTIVE' | null };

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function servicesRequest(query: ServicesQuery) {
  return { path: '/services', query: { page: query.page, limit: query.limit, sortBy: query.sortBy, order: query.order, search: query.search, status: query.status } };
}

export function getServices(query: ServicesQuery, signal?: AbortSignal): Promise<ApiList<ServiceRecord>> {
  const request = servicesRequest(query);
  return http.get<ApiList<ServiceRecord>>(request.path, { signal, query: request.query });
}

export const servicesQueryOptions = (query: ServicesQuery) =>
  queryOptions({ queryKey: servicesKeys.list(query), queryFn: ({ signal }) => getServices(query, signal), placeholderData: keepPreviousData });

export function useServices(query: ServicesQuery) {
  return useQuery(servicesQueryOptions(query));
}
