import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, ClinicCollectionListItem } from '@clinic/shared';
import { http } from '@/lib/http';
import { listParams, orgKeys, type OrgListQuery } from '@/features/organisation/lib/org-keys';

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function complexesRequest(query: OrgListQuery) {
  return { path: '/cliniccollections', query: listParams(query) };
}

export function getClinicCollections(query: OrgListQuery, signal?: AbortSignal): Promise<ApiList<ClinicCollectionListItem>> {
  const request = complexesRequest(query);
  return http.get<ApiList<ClinicCollectionListItem>>(request.path, { signal, query: request.query });
}

export const complexListQueryOptions = (query: OrgListQuery) =>
  queryOptions({
    queryKey: orgKeys.complexList(query),
    queryFn: ({ signal }) => getClinicCollections(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 120_000,
  });

export function useClinicCollections(query: OrgListQuery) {
  return useQuery(complexListQueryOptions(query));
}
