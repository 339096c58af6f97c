import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, RoleRecord } from '@clinic/shared';
import type { ListParams } from '@/components/list';
import { http } from '@/lib/http';
import { rolesKeys } from './roles-keys';

export type RolesQuery = Omit<ListParams, 'search'> & { search?: string; allData?: boolean };

export function getRoles(query: RolesQuery, signal?: AbortSignal): Promise<ApiList<RoleRecord>> {
  return http.get<ApiList<RoleRecord>>('/roles', {
    signal,
    query: { page: query.page, limit: query.limit, sortBy: query.sortBy, order: query.order, search: query.search, allData: query.allData ? 'true' : undefined },
  });
}

export const rolesQueryOptions = (query: RolesQuery) =>
  queryOptions({
    queryKey: [...rolesKeys.lists(), query],
    queryFn: ({ signal }) => getRoles(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 120_000,
  });

export function useRoles(query: RolesQuery, enabled = true) {
  return useQuery({ ...rolesQueryOptions(query), enabled });
}
