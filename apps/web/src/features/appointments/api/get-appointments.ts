import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, AppointmentRecord, AppointmentStatus } from '@clinic/shared';
import type { ListParams } from '@/components/list';
import { http } from '@/lib/http';
import { appointmentsKeys } from './appointments-keys';

export type AppointmentsQuery = ListParams & {
  status: AppointmentStatus | null;
  /** Clinic-local day, `YYYY-MM-DD`. */
  date: string | null;
};

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function appointmentsRequest(query: AppointmentsQuery) {
  return { path: '/appointments', query: { page: query.page, limit: query.limit, sortBy: query.sortBy, order: query.order, search: query.search, status: query.status, date: query.date } };
}

export function getAppointments(query: AppointmentsQuery, signal?: AbortSignal): Promise<ApiList<AppointmentRecord>> {
  const request = appointmentsRequest(query);
  return http.get<ApiList<AppointmentRecord>>(request.path, { signal, query: request.query });
}

export const appointmentsQueryOptions = (query: AppointmentsQuery) =>
  queryOptions({
    queryKey: appointmentsKeys.list(query),
    queryFn: ({ signal }) => getAppointments(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAppointments(query: AppointmentsQuery) {
  return useQuery(appointmentsQueryOptions(query));
}
