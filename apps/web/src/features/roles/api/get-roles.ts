import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { roleSortFields, routes } from '@clinic/shared';
import { listRequestQuery, type ListParams } from '@/components/list';
import { call } from '@/lib/api-client';
import { rolesKeys } from './roles-keys';

export type RolesQuery = Omit<ListParams, 'search'> & { search?: string; allData?: boolean };

export function getRoles(query: RolesQuery, signal?: AbortSignal) {
  return call(routes.roles.list, { query: { ...listRequestQuery(query, roleSortFields), allData: query.allData ? 'true' : undefined } }, { signal });
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
