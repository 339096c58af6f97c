import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, DepartmentListItem } from '@clinic/shared';
import { http } from '@/lib/http';
import { listParams, orgKeys, type OrgListQuery } from '@/features/organisation/lib/org-keys';

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function departmentsRequest(query: OrgListQuery) {
  return { path: '/departments', query: listParams(query) };
}

export function getDepartments(query: OrgListQuery, signal?: AbortSignal): Promise<ApiList<DepartmentListItem>> {
  const request = departmentsRequest(query);
  return http.get<ApiList<DepartmentListItem>>(request.path, { signal, query: request.query });
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
