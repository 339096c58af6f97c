import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import type { LookupRow } from './lookups';

export interface PatientSearch {
  /** Only active patients (booking); all of them otherwise (billing, filters). */
  activeOnly?: boolean;
}

/** The first patients matching what the user typed, by name (the list is long: searched on the server). */
export function usePatientSearch(search: string, { activeOnly = false }: PatientSearch = {}) {
  return useQuery<LookupRow[]>({
    queryKey: ['lookups', 'patients', { search, activeOnly }],
    queryFn: ({ signal }) =>
      call(routes.patients.list, { query: { ...(activeOnly ? { isActive: 'true' as const } : {}), search, limit: 30, sortBy: 'name', order: 'asc' } }, { signal })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** How a patient reads in a select: the name and, when it has one, the file number. */
export const patientLabel = (patient: LookupRow) => (patient.publicId ? `${patient.name} · ${patient.publicId}` : patient.name);
