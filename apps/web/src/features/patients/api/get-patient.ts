import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, PatientDetails } from '@clinic/shared';
import { refreshFileLinks, refreshFileLinksOnFocus } from '@/lib/file-links';
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
    staleTime: 60_000,
    // The picture and health reports are signed links that live minutes: refreshed before they lapse.
    refetchInterval: refreshFileLinks,
    refetchOnWindowFocus: refreshFileLinksOnFocus,
  });

export function usePatient(id: string) {
  return useQuery(patientQueryOptions(id));
}
