import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess } from '@clinic/shared';
import { http } from '@/lib/http';
import { orgKeys } from '@/features/organisation/lib/org-keys';

export async function getClinicPatientCount(id: string, signal?: AbortSignal): Promise<number> {
  const body = await http.get<ApiSuccess<{ patientCount: number }>>(`/clinics/${encodeURIComponent(id)}/patient-count`, { signal, silent: true });
  return body.data.patientCount;
}

export function useClinicPatientCount(id: string) {
  return useQuery({ queryKey: orgKeys.clinicPatientCount(id), queryFn: ({ signal }) => getClinicPatientCount(id, signal), staleTime: 60_000 });
}
