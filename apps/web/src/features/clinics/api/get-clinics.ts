import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, ClinicListItem } from '@clinic/shared';
import { http } from '@/lib/http';
import { listParams, orgKeys, type OrgListQuery } from '@/features/organisation/lib/org-keys';

export function getClinics(query: OrgListQuery, signal?: AbortSignal): Promise<ApiList<ClinicListItem>> {
  return http.get<ApiList<ClinicListItem>>('/clinics', { signal, query: listParams(query) });
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
