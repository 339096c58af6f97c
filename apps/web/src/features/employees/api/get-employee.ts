import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type EmployeeRecord } from '@clinic/shared';
import { refreshFileLinks, refreshFileLinksOnFocus } from '@/lib/file-links';
import { call } from '@/lib/api-client';
import { employeesKeys } from './employees-keys';

export async function getEmployee(id: string, signal?: AbortSignal): Promise<EmployeeRecord> {
  const body = await call(routes.employees.get, { params: { id } }, { signal, silent: true });
  return body.data;
}

export const employeeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: employeesKeys.detail(id),
    queryFn: ({ signal }) => getEmployee(id, signal),
    staleTime: 60_000,
    // The picture and documents are signed links that live minutes: refreshed before they lapse.
    refetchInterval: refreshFileLinks,
  });

/** One employee; `refetchOnFocus` for the staff details page (the spec refetches it on window focus). */
export function useEmployee(id: string, options: { refetchOnFocus?: boolean } = {}) {
  return useQuery({ ...employeeQueryOptions(id), refetchOnWindowFocus: options.refetchOnFocus ? 'always' : refreshFileLinksOnFocus });
}
