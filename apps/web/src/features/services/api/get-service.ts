import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, ServiceRecord } from '@clinic/shared';
import { http } from '@/lib/http';
import { servicesKeys } from './services-keys';

export async function getService(id: string, signal?: AbortSignal): Promise<ServiceRecord> {
  const body = await http.get<ApiSuccess<ServiceRecord>>(`/services/${encodeURIComponent(id)}`, { signal, silent: true });
  return body.data;
}

export const serviceQueryOptions = (id: string) => queryOptions({ queryKey: servicesKeys.detail(id), queryFn: ({ signal }) => getService(id, signal) });

export function useService(id: string) {
  return useQuery(serviceQueryOptions(id));
}
