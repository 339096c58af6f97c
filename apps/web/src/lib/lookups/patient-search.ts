import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiList } from '@clinic/shared';
import { http } from '@/lib/http';
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
      http
        .get<ApiList<LookupRow>>('/patients', { signal, query: { ...(activeOnly ? { isActive: true } : {}), search, limit: 30, sortBy: 'name', order: 'asc' } })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** How a patient reads in a select: the name and, when it has one, the file number. */
export const patientLabel = (patient: LookupRow) => (patient.publicId ? `${patient.name} · ${patient.publicId}` : patient.name);
