import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type ServiceRecord } from '@clinic/shared';
import { callWithQuery } from '@/lib/api-client';
import { LOOKUP_PAGE, useLookup } from '@/lib/lookups';

/** A choice in a select: a record's id and name (and its public id where the list gives one). */
export interface Option {
  _id: string;
  name: string;
  publicId?: string;
}

const optionsStale = 60_000;

/** Active clinics, oldest first (the calendar picks the first one). */
export function useClinicOptions() {
  return useLookup<Option>('clinics', { isActive: true, sortBy: 'publicId', order: 'asc' });
}

/** Active doctors of the company. */
export function useDoctorOptions() {
  return useLookup<Option>('doctors', { isActive: true, sortBy: 'name', order: 'asc' });
}

/** Active patients matching what the user typed (the list is long: searched on the server). */
export function usePatientOptions(search: string) {
  return useQuery<Option[]>({
    queryKey: ['appointments', 'options', 'patients', search],
    queryFn: ({ signal }) =>
      callWithQuery(routes.patients.list, { isActive: 'true', search, limit: 30, sortBy: 'name', order: 'asc' }, { signal }, LOOKUP_PAGE).then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: optionsStale,
  });
}

/** The active services of a clinic, each with its doctors. */
export function useClinicServices(clinicId: string | null) {
  return useLookup<ServiceRecord>('services', { clinic: clinicId ?? undefined, isActive: true, sortBy: 'name', order: 'asc' }, { enabled: Boolean(clinicId) });
}
