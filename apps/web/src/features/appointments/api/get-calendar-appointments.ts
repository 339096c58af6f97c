import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, AppointmentCard } from '@clinic/shared';
import { http } from '@/lib/http';
import { appointmentsKeys } from './appointments-keys';

export interface CalendarRangeQuery {
  clinic: string;
  doctor: string | null;
  search: string;
  /** Instants with offset: the first and the last moment shown. */
  from: string;
  to: string;
}

/**
 * Every appointment of a clinic in a window (the calendar's days), without paging, as the lean cards a calendar draws
 * (`view=calendar`: times, status, names, reason, version); a card opened reads the whole appointment.
 */
export function getCalendarAppointments(query: CalendarRangeQuery, signal?: AbortSignal): Promise<ApiList<AppointmentCard>> {
  return http.get<ApiList<AppointmentCard>>('/appointments', {
    signal,
    query: { clinic: query.clinic, doctor: query.doctor, search: query.search, from: query.from, to: query.to, view: 'calendar', sortBy: 'datetime', order: 'asc' },
  });
}

export const calendarAppointmentsQueryOptions = (query: CalendarRangeQuery) =>
  queryOptions({
    queryKey: appointmentsKeys.range(query),
    queryFn: ({ signal }) => getCalendarAppointments(query, signal),
    placeholderData: keepPreviousData,
  });

export function useCalendarAppointments(query: CalendarRangeQuery | null) {
  return useQuery({ ...calendarAppointmentsQueryOptions(query ?? { clinic: '', doctor: null, search: '', from: '', to: '' }), enabled: Boolean(query) });
}
