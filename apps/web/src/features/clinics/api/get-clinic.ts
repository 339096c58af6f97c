import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type ClinicRecord } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

export async function getClinic(id: string, signal?: AbortSignal): Promise<ClinicRecord> {
  const body = await call(routes.clinics.get, { params: { id } }, { signal, silent: true });
  return body.data;
}

export const clinicQueryOptions = (id: string) =>
  queryOptions({ queryKey: orgKeys.clinic(id), queryFn: ({ signal }) => getClinic(id, signal), staleTime: 60_000 });

export function useClinic(id: string) {
  return useQuery(clinicQueryOptions(id));
}
