import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { refreshFileLinks } from '@/lib/file-links';
import { call } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

export interface AvailabilityQuery {
  clinic: string;
  /** Clinic-local days, inclusive. */
  from: string;
  to: string;
  doctor: string | null;
}

export async function getAvailability(query: AvailabilityQuery, signal?: AbortSignal) {
  const body = await call(routes.appointments.availability, {
    query: { clinic: query.clinic, from: query.from, to: query.to, doctor: query.doctor ?? undefined },
  }, { signal });
  return body.data;
}

export const availabilityQueryOptions = (query: AvailabilityQuery) =>
  queryOptions({
    queryKey: appointmentsKeys.availability(query.clinic, query.from, query.to, query.doctor),
    queryFn: ({ signal }) => getAvailability(query, signal),
    placeholderData: keepPreviousData,
    // The doctors' pictures are signed links that live minutes: refreshed before they lapse (only when any is there).
    refetchInterval: refreshFileLinks,
  });

/** The clinic's bookable hours for some days (and a doctor's, when one is chosen). */
export function useAvailability(query: AvailabilityQuery | null) {
  return useQuery({ ...availabilityQueryOptions(query ?? { clinic: '', from: '', to: '', doctor: null }), enabled: Boolean(query?.clinic) });
}
