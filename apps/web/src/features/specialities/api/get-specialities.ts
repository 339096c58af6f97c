import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, specializationSortFields } from '@clinic/shared';
import { listRequestQuery, type StatusListQuery } from '@/components/list';
import { call } from '@/lib/api-client';
import { specialitiesKeys } from './specialities-keys';

export type SpecialitiesQuery = StatusListQuery;

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function specialitiesRequest(query: SpecialitiesQuery) {
  return { path: '/specializations', query: listRequestQuery(query, specializationSortFields) };
}

export function getSpecialities(query: SpecialitiesQuery, signal?: AbortSignal) {
  return call(routes.specializations.list, { query: specialitiesRequest(query).query }, { signal });
}

export const specialitiesQueryOptions = (query: SpecialitiesQuery) =>
  queryOptions({ queryKey: specialitiesKeys.list(query), queryFn: ({ signal }) => getSpecialities(query, signal), placeholderData: keepPreviousData });

export function useSpecialities(query: SpecialitiesQuery) {
  return useQuery(specialitiesQueryOptions(query));
}
