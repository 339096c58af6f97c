import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { complexSortFields, routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { listParams, orgKeys, type OrgListQuery } from '@/lib/org-keys';

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function complexesRequest(query: OrgListQuery) {
  return { route: routes.exports.cliniccollections, query: listParams(query, complexSortFields) };
}

export function getComplexes(query: OrgListQuery, signal?: AbortSignal) {
  return call(routes.complexes.list, { query: complexesRequest(query).query }, { signal });
}

export const complexListQueryOptions = (query: OrgListQuery) =>
  queryOptions({
    queryKey: orgKeys.complexList(query),
    queryFn: ({ signal }) => getComplexes(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 120_000,
  });

export function useComplexes(query: OrgListQuery) {
  return useQuery(complexListQueryOptions(query));
}
