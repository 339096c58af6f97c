import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, specializationSortFields } from '@clinic/shared';
import { listRequestQuery, type StatusListQuery } from '@/components/list';
import { call } from '@/lib/api-client';
import { specializationsKeys } from './specializations-keys';

export type SpecializationsQuery = StatusListQuery;

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function specializationsRequest(query: SpecializationsQuery) {
  return { route: routes.exports.specializations, query: listRequestQuery(query, specializationSortFields) };
}

export function getSpecializations(query: SpecializationsQuery, signal?: AbortSignal) {
  return call(routes.specializations.list, { query: specializationsRequest(query).query }, { signal });
}

export const specializationsQueryOptions = (query: SpecializationsQuery) =>
  queryOptions({ queryKey: specializationsKeys.list(query), queryFn: ({ signal }) => getSpecializations(query, signal), placeholderData: keepPreviousData });

export function useSpecializations(query: SpecializationsQuery) {
  return useQuery(specializationsQueryOptions(query));
}
