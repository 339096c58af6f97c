import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, PatientDetails } from '@clinic/shared';
import { http } from '@/lib/http';
import { patientsKeys } from './patients-keys';

export async function getPatient(id: string, signal?: AbortSignal): Promise<PatientDetails> {
  const body = await http.get<ApiSuccess<PatientDetails>>(`/patients/${encodeURIComponent(id)}`, { signal, silent: true });
  return body.data;
}

export const patientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: patientsKeys.detail(id),
    queryFn: ({ signal }) => getPatient(id, signal),
    // Signed file links inside expire after some hours; an open details page refreshes well before.
    staleTime: 60_000,
  });

export function usePatient(id: string) {
  return useQuery(patientQueryOptions(id));
}
