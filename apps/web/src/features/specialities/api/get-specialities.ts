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

export function getSpecialities(query: SpecialitiesQuery, signal?: AbortSignal): Promise<ApiList<SpecializationRecord>> {
  return http.get<ApiList<SpecializationRecord>>('/specializations', {
    signal,
    query: {
      page: query.page, limit: query.limit, sortBy: query.sortBy, order: query.order, search: query.search,
      isActive: query.status ? String(query.status === 'active') : undefined,
    },
  });
}

export const specialitiesQueryOptions = (query: SpecialitiesQuery) =>
  queryOptions({ queryKey: specialitiesKeys.list(query), queryFn: ({ signal }) => getSpecialities(query, signal), placeholderData: keepPreviousData });

export function useSpecialities(query: SpecialitiesQuery) {
  return useQuery(specialitiesQueryOptions(query));
}
