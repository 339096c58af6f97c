import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentSortFields, routes, type ApiList, type AppointmentRecord, type AppointmentStatus } from '@clinic/shared';
import { oneOf, type ListParams } from '@/components/list';
import { http } from '@/lib/http';
import { appointmentsKeys } from './appointments-keys';

export type AppointmentsQuery = ListParams & {
  status: AppointmentStatus | null;
  /** Clinic-local day, `YYYY-MM-DD`. */
  date: string | null;
};

/** The list's request, its path and query, and the export that asks the same (every row the filters select, as CSV). */
export function appointmentsRequest(query: AppointmentsQuery) {
  return {
    path: '/appointments',
    route: routes.exports.appointments,
    query: {
      page: query.page, limit: query.limit, sortBy: oneOf(query.sortBy, appointmentSortFields) ?? undefined, order: query.order, search: query.search,
      status: query.status ?? undefined, date: query.date ?? undefined,
    },
  };
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
