import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type EmployeeRecord } from '@clinic/shared';
import { refreshFileLinks, refreshFileLinksOnFocus } from '@/lib/file-links';
import { call } from '@/lib/api-client';

export async function getMyProfile(signal?: AbortSignal): Promise<EmployeeRecord> {
  return (await call(routes.profile.details, {}, { signal, silent: true })).data;
}

export const myProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'details'] as const,
    queryFn: ({ signal }) => getMyProfile(signal),
    staleTime: 60_000,
    // The picture and documents are signed links that live minutes: refreshed before they lapse.
    refetchInterval: refreshFileLinks,
    refetchOnWindowFocus: refreshFileLinksOnFocus,
  });

export function useMyProfile() {
  return useQuery(myProfileQueryOptions());
}
