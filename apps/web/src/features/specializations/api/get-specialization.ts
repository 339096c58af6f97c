import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type SpecializationDetails } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { specialitiesKeys } from './specialities-keys';

export async function getSpeciality(id: string, signal?: AbortSignal): Promise<SpecializationDetails> {
  const body = await call(routes.specializations.get, { params: { id } }, { signal, silent: true });
  return body.data;
}

export const specialityQueryOptions = (id: string) => queryOptions({ queryKey: specialitiesKeys.detail(id), queryFn: ({ signal }) => getSpeciality(id, signal) });

export function useSpeciality(id: string) {
  return useQuery(specialityQueryOptions(id));
}
