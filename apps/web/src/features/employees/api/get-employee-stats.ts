import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type EmployeeStats, type EmployeeStatsPeriod } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { employeesKeys } from './employees-keys';

export async function getEmployeeStats(id: string, period: EmployeeStatsPeriod, signal?: AbortSignal): Promise<EmployeeStats> {
  const body = await call(routes.employees.stats, { params: { id }, query: { period } }, { signal, silent: true });
  return body.data;
}

export const employeeStatsOptions = (id: string, period: EmployeeStatsPeriod) =>
  queryOptions({
    queryKey: employeesKeys.stats(id, period),
    queryFn: ({ signal }) => getEmployeeStats(id, period, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useEmployeeStats(id: string, period: EmployeeStatsPeriod) {
  return useQuery(employeeStatsOptions(id, period));
}
