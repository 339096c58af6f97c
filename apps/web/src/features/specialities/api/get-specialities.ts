import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, SpecializationRecord } from '@clinic/shared';
import { listRequestQuery, type StatusListQuery } from '@/components/list';
import { http } from '@/lib/http';
import { specialitiesKeys } from './specialities-keys';

export type SpecialitiesQuery = StatusListQuery;

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function specialitiesRequest(query: SpecialitiesQuery) {
  return { path: '/specializations', query: listRequestQuery(query) };
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
