import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, EmployeeRecord } from '@clinic/shared';
import { http } from '@/lib/http';

export async function getMyProfile(signal?: AbortSignal): Promise<EmployeeRecord> {
  return (await http.get<ApiSuccess<EmployeeRecord>>('/profile/details', { signal, silent: true })).data;
}

export const myProfileQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'details'] as const, queryFn: ({ signal }) => getMyProfile(signal), staleTime: 60_000 });

export function useMyProfile() {
  return useQuery(myProfileQueryOptions());
}
