import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, ClinicCollectionListItem } from '@clinic/shared';
import { http } from '@/lib/http';
import { listParams, orgKeys, type OrgListQuery } from '@/features/organisation/lib/org-keys';

export function getClinicCollections(query: OrgListQuery, signal?: AbortSignal): Promise<ApiList<ClinicCollectionListItem>> {
  return http.get<ApiList<ClinicCollectionListItem>>('/cliniccollections', { signal, query: listParams(query) });
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
