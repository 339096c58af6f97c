import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { employeeSortFields, routes, type EmployeeListQuery } from '@clinic/shared';
import { listRequestQuery, type ListParams, type StatusFilter } from '@/components/list';
import { refreshFileLinks } from '@/lib/file-links';
import { call } from '@/lib/api-client';
import { employeesKeys } from './employees-keys';

export type EmployeesQuery = Omit<ListParams, 'search'> & {
  search?: string;
  employeeType?: EmployeeListQuery['employeeType'] | null;
  status?: StatusFilter | null;
  clinicId?: string | null;
  specializationId?: string | null;
  gender?: EmployeeListQuery['gender'] | null;
  /** Date of birth, `YYYY-MM-DD`. */
  dateOfBirth?: string | null;
  /** Everything but doctors (the staff list). */
  excludeDoctors?: boolean;
};

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function employeesRequest(query: EmployeesQuery) {
  return { route: routes.exports.employees, query: {
      ...listRequestQuery(query, employeeSortFields),
      employeeType: query.employeeType ?? undefined,
      clinicId: query.clinicId ?? undefined,
      specializationId: query.specializationId ?? undefined,
      gender: query.gender ?? undefined,
      dateOfBirth: query.dateOfBirth ?? undefined,
      excludeDoctors: query.excludeDoctors ? ('true' as const) : undefined,
    } };
}

export function getEmployees(query: EmployeesQuery, signal?: AbortSignal) {
  return call(routes.employees.list, { query: employeesRequest(query).query }, { signal });
}

export const employeesQueryOptions = (query: EmployeesQuery) =>
  queryOptions({
    queryKey: [...employeesKeys.lists(), query],
    queryFn: ({ signal }) => getEmployees(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 120_000,
    // The spec: staff and doctor lists do not refetch on window focus.
    refetchOnWindowFocus: false,
    // Pictures are signed links that live minutes: refreshed before they lapse while the list is on screen.
    refetchInterval: refreshFileLinks,
  });

export function useEmployees(query: EmployeesQuery) {
  return useQuery(employeesQueryOptions(query));
}
