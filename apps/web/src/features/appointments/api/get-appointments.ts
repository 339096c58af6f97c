import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, AppointmentRecord, AppointmentStatus } from '@clinic/shared';
import { http } from '@/lib/http';
import { appointmentsKeys } from './appointments-keys';

export interface AppointmentsQuery {
  page: number;
  limit: number;
  sortBy: string;
  order: 'asc' | 'desc';
  search: string;
  status: AppointmentStatus | null;
  /** Clinic-local day, `YYYY-MM-DD`. */
  date: string | null;
}

export function getAppointments(query: AppointmentsQuery, signal?: AbortSignal): Promise<ApiList<AppointmentRecord>> {
  return http.get<ApiList<AppointmentRecord>>('/appointments', {
    signal,
    query: { page: query.page, limit: query.limit, sortBy: query.sortBy, order: query.order, search: query.search, status: query.status, date: query.date },
  });
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
