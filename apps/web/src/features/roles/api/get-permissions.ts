import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, PermissionEntry } from '@clinic/shared';
import { http } from '@/lib/http';
import { rolesKeys } from './roles-keys';

export async function getPermissions(signal?: AbortSignal): Promise<PermissionEntry[]> {
  return (await http.get<ApiSuccess<PermissionEntry[]>>('/permissions', { signal })).data;
}

export const permissionsQueryOptions = () =>
  queryOptions({ queryKey: rolesKeys.permissions(), queryFn: ({ signal }) => getPermissions(signal), staleTime: Infinity });

export function usePermissions() {
  return useQuery(permissionsQueryOptions());
}
