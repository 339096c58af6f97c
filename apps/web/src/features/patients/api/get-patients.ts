import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { patientSortFields, routes, type PatientListQuery } from '@clinic/shared';
import { listRequestQuery, type StatusListQuery } from '@/components/list';
import { refreshFileLinks } from '@/lib/file-links';
import { call } from '@/lib/api-client';
import { patientsKeys } from './patients-keys';

export type PatientsQuery = StatusListQuery & {
  /** Date of birth, `YYYY-MM-DD`. */
  dateOfBirth: NonNullable<PatientListQuery['dateOfBirth']> | null;
  /** Only patients registered quickly whose full form is still to be saved. */
  incomplete?: boolean;
  /** Only patients who registered themselves on the public booking page. */
  selfRegistered?: boolean;
};

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function patientsRequest(query: PatientsQuery) {
  return {
    route: routes.exports.patients,
    query: {
      ...listRequestQuery(query, patientSortFields), dateOfBirth: query.dateOfBirth ?? undefined, incomplete: query.incomplete ? ('true' as const) : undefined,
      selfRegistered: query.selfRegistered ? ('true' as const) : undefined,
    },
  };
}

export function getPatients(query: PatientsQuery, signal?: AbortSignal) {
  return call(routes.patients.list, { query: patientsRequest(query).query }, { signal });
}

export const patientsQueryOptions = (query: PatientsQuery) =>
  queryOptions({
    queryKey: [...patientsKeys.lists(), query] as const,
    queryFn: ({ signal }) => getPatients(query, signal),
    placeholderData: keepPreviousData,
    // The spec keeps patient lists from refetching on focus (the app default).
    refetchOnWindowFocus: false,
    // Pictures are signed links that live minutes: refreshed before they lapse while the list is on screen.
    refetchInterval: refreshFileLinks,
  });

export function usePatients(query: PatientsQuery) {
  return useQuery(patientsQueryOptions(query));
}

/** A flag of the list whose patients the desk has to act on: registered quickly, or registered online by themselves. */
export type PatientFlag = 'incomplete' | 'selfRegistered';

/** How many patients carry the flag (the front desk's badge): waiting for their full form, or to be completed or merged. */
export function useFlagCount(flag: PatientFlag, enabled = true) {
  return useQuery({
    queryKey: [...patientsKeys.lists(), `${flag}-count`] as const,
    queryFn: ({ signal }) => getPatients({ page: 1, limit: 5, sortBy: 'createdAt', order: 'desc', search: '', status: null, dateOfBirth: null, [flag]: true }, signal),
    select: (list) => list.pagination.total_items,
    enabled,
  });
}
