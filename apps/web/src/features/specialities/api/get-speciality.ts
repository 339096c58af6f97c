import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, SpecializationDetails } from '@clinic/shared';
import { http } from '@/lib/http';
import { specialitiesKeys } from './specialities-keys';

export async function getSpeciality(id: string, signal?: AbortSignal): Promise<SpecializationDetails> {
  const body = await http.get<ApiSuccess<SpecializationDetails>>(`/specializations/${encodeURIComponent(id)}`, { signal, silent: true });
  return body.data;
}

export const specialityQueryOptions = (id: string) => queryOptions({ queryKey: specialitiesKeys.detail(id), queryFn: ({ signal }) => getSpeciality(id, signal) });

export function useSpeciality(id: string) {
  return useQuery(specialityQueryOptions(id));
}
