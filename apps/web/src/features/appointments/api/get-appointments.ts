import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentSortFields, routes, type ApiList, type AppointmentCard, type AppointmentRecord, type AppointmentStatus } from '@clinic/shared';
import { listRequestQuery, type ListParams } from '@/components/list';
import { call } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

export type AppointmentsQuery = ListParams & {
  status: AppointmentStatus | null;
  /** Clinic-local day, `YYYY-MM-DD`. */
  date: string | null;
  /** One clinic's appointments (the dashboard's agenda links here with its clinic). */
  clinic?: string | null;
};

/**
 * The list answers whole records unless it is asked `view=calendar` (then the calendar's lean cards): the records of a
 * list asked without it. A card has no clinic, a record always has one.
 */
export function wholeRecords(page: ApiList<AppointmentRecord | AppointmentCard>): ApiList<AppointmentRecord> {
  return { ...page, data: page.data.filter((a): a is AppointmentRecord => 'clinic' in a) };
}

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function appointmentsRequest(query: AppointmentsQuery) {
  const { page, limit, sortBy, order, search } = query;
  return {
    route: routes.exports.appointments,
    query: { ...listRequestQuery({ page, limit, sortBy, order, search }, appointmentSortFields), status: query.status ?? undefined, date: query.date ?? undefined, clinic: query.clinic ?? undefined },
  };
}

export async function getAppointments(query: AppointmentsQuery, signal?: AbortSignal) {
  return wholeRecords(await call(routes.appointments.list, { query: appointmentsRequest(query).query }, { signal }));
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
