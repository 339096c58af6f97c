import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, SpecializationRecord } from '@clinic/shared';
import { http } from '@/lib/http';
import { specialitiesKeys } from './specialities-keys';

export interface SpecialitiesQuery {
  page: number;
  limit: number;
  sortBy: string;
  order: 'asc' | 'desc';
  search: string;
  status: 'active' | 'inactive' | null;
}

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function specialitiesRequest(query: SpecialitiesQuery) {
  return { path: '/specializations', query: {
      page: query.page, limit: query.limit, sortBy: query.sortBy, order: query.order, search: query.search,
      isActive: query.status ? String(query.status === 'active') : undefined,
    } };
}

export function getSpecialities(query: SpecialitiesQuery, signal?: AbortSignal): Promise<ApiList<SpecializationRecord>> {
  const request = specialitiesRequest(query);
  return http.get<ApiList<SpecializationRecord>>(request.path, { signal, query: request.query });
}

export const specialitiesQueryOptions = (query: SpecialitiesQuery) =>
  queryOptions({ queryKey: specialitiesKeys.list(query), queryFn: ({ signal }) => getSpecialities(query, signal), placeholderData: keepPreviousData });

export function useSpecialities(query: SpecialitiesQuery) {
  return useQuery(specialitiesQueryOptions(query));
}
