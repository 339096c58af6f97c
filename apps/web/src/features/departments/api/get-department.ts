import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, DepartmentRecord } from '@clinic/shared';
import { http } from '@/lib/http';
import { orgKeys } from '@/features/organisation/lib/org-keys';

export async function getDepartment(id: string, signal?: AbortSignal): Promise<DepartmentRecord> {
  const body = await http.get<ApiSuccess<DepartmentRecord>>(`/departments/${encodeURIComponent(id)}`, { signal, silent: true });
  return body.data;
}

export const departmentQueryOptions = (id: string) =>
  queryOptions({ queryKey: orgKeys.department(id), queryFn: ({ signal }) => getDepartment(id, signal), staleTime: 60_000 });

export function useDepartment(id: string) {
  return useQuery(departmentQueryOptions(id));
}
