import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiList, PatientListItem } from '@clinic/shared';
import { refreshFileLinks } from '@/lib/file-links';
import { http } from '@/lib/http';
import { patientsKeys } from './patients-keys';

export interface PatientsQuery {
  page: number;
  limit: number;
  sortBy: string;
  order: 'asc' | 'desc';
  search: string;
  status: 'active' | 'inactive' | null;
  /** Date of birth, `YYYY-MM-DD`. */
  dateOfBirth: string | null;
}

/** The list's request, its path and query: the CSV export asks the same at `<path>/export.csv`. */
export function patientsRequest(query: PatientsQuery) {
  return { path: '/patients', query: {
      page: query.page,
      limit: query.limit,
      sortBy: query.sortBy,
      order: query.order,
      search: query.search,
      isActive: query.status ? String(query.status === 'active') : undefined,
      dateOfBirth: query.dateOfBirth,
    } };
}

export function getPatients(query: PatientsQuery, signal?: AbortSignal): Promise<ApiList<PatientListItem>> {
  const request = patientsRequest(query);
  return http.get<ApiList<PatientListItem>>(request.path, { signal, query: request.query });
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
