import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { callWithQuery } from '@/lib/api-client';
import { LOOKUP_PAGE, type LookupRow } from './lookups';

export interface PatientSearch {
  /** Only active patients (booking); all of them otherwise (billing, filters). */
  activeOnly?: boolean;
}

/** The first patients matching what the user typed, by name (the list is long: searched on the server). */
export function usePatientSearch(search: string, { activeOnly = false }: PatientSearch = {}) {
  return useQuery<LookupRow[]>({
    queryKey: ['lookups', 'patients', { search, activeOnly }],
    queryFn: ({ signal }) =>
      callWithQuery(routes.patients.list, { ...(activeOnly ? { isActive: 'true' } : {}), search, limit: 30, sortBy: 'name', order: 'asc' }, { signal }, LOOKUP_PAGE)
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** How a patient reads in a select: the name and, when it has one, the file number. */
export const patientLabel = (patient: LookupRow) => (patient.publicId ? `${patient.name} · ${patient.publicId}` : patient.name);
