import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { departmentSortFields, routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { listParams, orgKeys, type OrgListQuery } from '@/lib/org-keys';

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function departmentsRequest(query: OrgListQuery) {
  return { route: routes.exports.departments, query: listParams(query, departmentSortFields) };
}

export function getDepartments(query: OrgListQuery, signal?: AbortSignal) {
  return call(routes.departments.list, { query: departmentsRequest(query).query }, { signal });
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
