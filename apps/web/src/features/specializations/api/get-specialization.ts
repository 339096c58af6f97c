import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type SpecializationDetails } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { specializationsKeys } from './specializations-keys';

export async function getSpecialization(id: string, signal?: AbortSignal): Promise<SpecializationDetails> {
  const body = await call(routes.specializations.get, { params: { id } }, { signal, silent: true });
  return body.data;
}

export const specializationQueryOptions = (id: string) => queryOptions({ queryKey: specializationsKeys.detail(id), queryFn: ({ signal }) => getSpecialization(id, signal) });

export function useSpecialization(id: string) {
  return useQuery(specializationQueryOptions(id));
}
