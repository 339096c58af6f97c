import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, EmployeeStats, EmployeeStatsPeriod } from '@clinic/shared';
import { http } from '@/lib/http';
import { employeesKeys } from './employees-keys';

export async function getEmployeeStats(id: string, period: EmployeeStatsPeriod, signal?: AbortSignal): Promise<EmployeeStats> {
  const body = await http.get<ApiSuccess<EmployeeStats>>(`/employees/${encodeURIComponent(id)}/stats`, { signal, silent: true, query: { period } });
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
