import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type PermissionEntry } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { rolesKeys } from './roles-keys';

export async function getPermissions(signal?: AbortSignal): Promise<PermissionEntry[]> {
  return (await call(routes.roles.permissions, {}, { signal })).data;
}

export const permissionsQueryOptions = () =>
  queryOptions({ queryKey: rolesKeys.permissions(), queryFn: ({ signal }) => getPermissions(signal), staleTime: Infinity });

export function usePermissions() {
  return useQuery(permissionsQueryOptions());
}
