import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiList, ServiceRecord } from '@clinic/shared';
import { http } from '@/lib/http';

/** A choice in a select: a record's id and name (and its public id where the list gives one). */
export interface Option {
  _id: string;
  name: string;
  publicId?: string;
}

const optionsStale = 60_000;

/** Active clinics, oldest first (the calendar picks the first one). */
export function useClinicOptions() {
  return useQuery({
    queryKey: ['appointments', 'options', 'clinics'],
    queryFn: ({ signal }) =>
      http.get<ApiList<Option>>('/clinics', { signal, query: { allData: true, isActive: true, sortBy: 'publicId', order: 'asc' } }).then((r) => r.data),
    staleTime: optionsStale,
  });
}

/** Active doctors of the company. */
export function useDoctorOptions() {
  return useQuery({
    queryKey: ['appointments', 'options', 'doctors'],
    queryFn: ({ signal }) =>
      http
        .get<ApiList<Option>>('/employees', { signal, query: { allData: true, employeeType: 'Doctor', isActive: true, sortBy: 'name', order: 'asc' } })
        .then((r) => r.data),
    staleTime: optionsStale,
  });
}

/** Active patients matching what the user typed (the list is long: searched on the server). */
export function usePatientOptions(search: string) {
  return useQuery<Option[]>({
    queryKey: ['appointments', 'options', 'patients', search],
    queryFn: ({ signal }) =>
      http
        .get<ApiList<Option>>('/patients', { signal, query: { isActive: true, search, limit: 30, sortBy: 'name', order: 'asc' } })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: optionsStale,
  });
}

/** The active services of a clinic, each with its doctors. */
export function useClinicServices(clinicId: string | null) {
  return useQuery({
    queryKey: ['appointments', 'options', 'services', clinicId],
    queryFn: ({ signal }) =>
      http
        .get<ApiList<ServiceRecord>>('/services', { signal, query: { clinic: clinicId, isActive: true, allData: true, sortBy: 'name', order: 'asc' } })
        .then((r) => r.data),
    enabled: Boolean(clinicId),
    staleTime: optionsStale,
  });
}
