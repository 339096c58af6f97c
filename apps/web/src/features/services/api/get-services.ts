import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, ServiceRecord } from '@clinic/shared';
import { http } from '@/lib/http';
import { servicesKeys } from './services-keys';

export interface ServicesQuery {
  page: number;
  limit: number;
  sortBy: string;
  order: 'asc' | 'desc';
  search: string;
  status: 'ACTIVE' | 'INACTIVE' | null;
}

export function getServices(query: ServicesQuery, signal?: AbortSignal): Promise<ApiList<ServiceRecord>> {
  return http.get<ApiList<ServiceRecord>>('/services', {
    signal,
    query: { page: query.page, limit: query.limit, sortBy: query.sortBy, order: query.order, search: query.search, status: query.status },
  });
}

export const servicesQueryOptions = (query: ServicesQuery) =>
  queryOptions({ queryKey: servicesKeys.list(query), queryFn: ({ signal }) => getServices(query, signal), placeholderData: keepPreviousData });

export function useServices(query: ServicesQuery) {
  return useQuery(servicesQueryOptions(query));
}
