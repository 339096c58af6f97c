import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type ComplexRecord } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

export async function getComplex(id: string, signal?: AbortSignal): Promise<ComplexRecord> {
  const body = await call(routes.complexes.get, { params: { id } }, { signal, silent: true });
  return body.data;
}

export const complexQueryOptions = (id: string) =>
  queryOptions({ queryKey: orgKeys.complex(id), queryFn: ({ signal }) => getComplex(id, signal), staleTime: 60_000 });

export function useComplex(id: string) {
  return useQuery(complexQueryOptions(id));
}
