import { useQuery } from '@tanstack/react-query';
import type { ApiList } from '@clinic/shared';
import { http } from '@/lib/http';

export interface ClinicOption {
  _id: string;
  name: string;
}

export interface DoctorOption {
  _id: string;
  name: string;
  /** The clinics the doctor works at (the employees list reads them back by name). */
  clinics?: Array<{ _id: string; name: string }>;
}

/** The company's clinics for the service form's clinic select. */
export function useServiceClinics() {
  return useQuery({
    queryKey: ['services', 'options', 'clinics'],
    queryFn: ({ signal }) => http.get<ApiList<ClinicOption>>('/clinics', { signal, query: { allData: true, sortBy: 'name', order: 'asc' } }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Active doctors of the company, for the service form's doctors select. */
export function useServiceDoctors() {
  return useQuery({
    queryKey: ['services', 'options', 'doctors'],
    queryFn: ({ signal }) =>
      http
        .get<ApiList<DoctorOption>>('/employees', { signal, query: { allData: true, employeeType: 'Doctor', isActive: true, sortBy: 'name', order: 'asc' } })
        .then((r) => r.data),
    staleTime: 60_000,
  });
}
