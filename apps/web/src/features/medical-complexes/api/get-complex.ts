import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type ClinicCollectionRecord } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

export async function getClinicCollection(id: string, signal?: AbortSignal): Promise<ClinicCollectionRecord> {
  const body = await call(routes.complexes.get, { params: { id } }, { signal, silent: true });
  return body.data;
}

export const complexQueryOptions = (id: string) =>
  queryOptions({ queryKey: orgKeys.complex(id), queryFn: ({ signal }) => getClinicCollection(id, signal), staleTime: 60_000 });

export function useClinicCollection(id: string) {
  return useQuery(complexQueryOptions(id));
}
