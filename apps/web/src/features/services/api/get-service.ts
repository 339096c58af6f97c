import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type ServiceRecord } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { servicesKeys } from './services-keys';

export async function getService(id: string, signal?: AbortSignal): Promise<ServiceRecord> {
  const body = await call(routes.services.get, { params: { id } }, { signal, silent: true });
  return body.data;
}

export const serviceQueryOptions = (id: string) => queryOptions({ queryKey: servicesKeys.detail(id), queryFn: ({ signal }) => getService(id, signal) });

export function useService(id: string) {
  return useQuery(serviceQueryOptions(id));
}
