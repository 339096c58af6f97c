import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, ClinicListItem } from '@clinic/shared';
import { http } from '@/lib/http';
import { listParams, orgKeys, type OrgListQuery } from '@/features/organisation/lib/org-keys';

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function clinicsRequest(query: OrgListQuery) {
  return { path: '/clinics', query: listParams(query) };
}

export function getClinics(query: OrgListQuery, signal?: AbortSignal): Promise<ApiList<ClinicListItem>> {
  const request = clinicsRequest(query);
  return http.get<ApiList<ClinicListItem>>(request.path, { signal, query: request.query });
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
