import { useQuery } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

export async function getClinicPatientCount(id: string, signal?: AbortSignal): Promise<number> {
  const body = await call(routes.clinics.patientCount, { params: { id } }, { signal, silent: true });
  return body.data.patientCount;
}

export function useClinicPatientCount(id: string) {
  return useQuery({ queryKey: orgKeys.clinicPatientCount(id), queryFn: ({ signal }) => getClinicPatientCount(id, signal), staleTime: 60_000 });
}
