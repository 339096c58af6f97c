import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { clinicSortFields, routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { listParams, orgKeys, type OrgListQuery } from '@/lib/org-keys';

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function clinicsRequest(query: OrgListQuery) {
  return { route: routes.exports.clinics, query: listParams(query, clinicSortFields) };
}

export function getClinics(query: OrgListQuery, signal?: AbortSignal) {
  return call(routes.clinics.list, { query: clinicsRequest(query).query }, { signal });
}

export const clinicListQueryOptions = (query: OrgListQuery) =>
  queryOptions({
    queryKey: orgKeys.clinicList(query),
    queryFn: ({ signal }) => getClinics(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 120_000,
  });

export function useClinics(query: OrgListQuery) {
  return useQuery(clinicListQueryOptions(query));
}
