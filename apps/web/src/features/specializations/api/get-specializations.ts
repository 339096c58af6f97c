import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, specializationSortFields } from '@clinic/shared';
import { listRequestQuery, type StatusListQuery } from '@/components/list';
import { call } from '@/lib/api-client';
import { specialitiesKeys } from './specialities-keys';

export type SpecialitiesQuery = StatusListQuery;

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function specialitiesRequest(query: SpecialitiesQuery) {
  return { route: routes.exports.specializations, query: listRequestQuery(query, specializationSortFields) };
}

export function getSpecialities(query: SpecialitiesQuery, signal?: AbortSignal) {
  return call(routes.specializations.list, { query: specialitiesRequest(query).query }, { signal });
}

export const specialitiesQueryOptions = (query: SpecialitiesQuery) =>
  queryOptions({ queryKey: specialitiesKeys.list(query), queryFn: ({ signal }) => getSpecialities(query, signal), placeholderData: keepPreviousData });

export function useSpecialities(query: SpecialitiesQuery) {
  return useQuery(specialitiesQueryOptions(query));
}
