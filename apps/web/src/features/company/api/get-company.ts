import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type CompanyRecord } from '@clinic/shared';
import { refreshFileLinks, refreshFileLinksOnFocus } from '@/lib/file-links';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

/** The company read returns a list; the first item is the caller's company (none until its profile exists). */
export async function getCompany(signal?: AbortSignal): Promise<CompanyRecord | null> {
  const body = await call(routes.companies.list, {}, { signal, silent: true });
  return body.data[0] ?? null;
}

export const companyQueryOptions = () =>
  queryOptions({
    queryKey: orgKeys.company(),
    queryFn: ({ signal }) => getCompany(signal),
    staleTime: 120_000,
    // The logo is a signed link that lives minutes: refreshed before it lapses.
    refetchInterval: refreshFileLinks,
    refetchOnWindowFocus: refreshFileLinksOnFocus,
  });

export function useCompany() {
  return useQuery(companyQueryOptions());
}
