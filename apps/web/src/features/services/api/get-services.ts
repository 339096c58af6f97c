import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, serviceSortFields } from '@clinic/shared';
import { listRequestQuery, type ListParams } from '@/components/list';
import { call } from '@/lib/api-client';
import { servicesKeys } from './services-keys';

export type ServicesQuery = ListParams & { status: 'ACTIVE' | 'INACTIVE' | null };

/** The list's query, and the export that asks the same (every row the filters select, as CSV). */
export function servicesRequest({ status, ...list }: ServicesQuery) {
  return { route: routes.exports.services, query: { ...listRequestQuery(list, serviceSortFields), status: status ?? undefined } };
}

export function getServices(query: ServicesQuery, signal?: AbortSignal) {
  return call(routes.services.list, { query: servicesRequest(query).query }, { signal });
}

export const servicesQueryOptions = (query: ServicesQuery) =>
  queryOptions({ queryKey: servicesKeys.list(query), queryFn: ({ signal }) => getServices(query, signal), placeholderData: keepPreviousData });

export function useServices(query: ServicesQuery) {
  return useQuery(servicesQueryOptions(query));
}
