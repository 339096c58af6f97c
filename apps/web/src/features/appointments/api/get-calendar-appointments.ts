import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
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
export function getCalendarAppointments(query: CalendarRangeQuery, signal?: AbortSignal) {
  return call(routes.appointments.list, {
    query: { clinic: query.clinic, doctor: query.doctor ?? undefined, search: query.search, from: query.from, to: query.to, view: 'calendar', sortBy: 'datetime', order: 'asc' },
  }, { signal });
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
