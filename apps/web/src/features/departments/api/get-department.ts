import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type DepartmentRecord } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

export async function getDepartment(id: string, signal?: AbortSignal): Promise<DepartmentRecord> {
  const body = await call(routes.departments.get, { params: { id } }, { signal, silent: true });
  return body.data;
}

export const departmentQueryOptions = (id: string) =>
  queryOptions({ queryKey: orgKeys.department(id), queryFn: ({ signal }) => getDepartment(id, signal), staleTime: 60_000 });

export function useDepartment(id: string) {
  return useQuery(departmentQueryOptions(id));
}
