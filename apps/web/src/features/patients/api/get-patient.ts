import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type PatientDetails } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { refreshFileLinks, refreshFileLinksOnFocus } from '@/lib/file-links';
import { patientsKeys } from './patients-keys';

export async function getPatient(id: string, signal?: AbortSignal): Promise<PatientDetails> {
  const body = await call(routes.patients.get, { params: { id } }, { signal, silent: true });
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
