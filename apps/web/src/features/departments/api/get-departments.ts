import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, DepartmentListItem } from '@clinic/shared';
import { http } from '@/lib/http';
import { listParams, orgKeys, type OrgListQuery } from '@/features/organisation/lib/org-keys';

export function getDepartments(query: OrgListQuery, signal?: AbortSignal): Promise<ApiList<DepartmentListItem>> {
  return http.get<ApiList<DepartmentListItem>>('/departments', { signal, query: listParams(query) });
}

export const departmentListQueryOptions = (query: OrgListQuery) =>
  queryOptions({
    queryKey: orgKeys.departmentList(query),
    queryFn: ({ signal }) => getDepartments(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 120_000,
  });

export function useDepartments(query: OrgListQuery) {
  return useQuery(departmentListQueryOptions(query));
}
