import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

export interface NextFreeRequest {
  clinic: string;
  service: string;
  /** Null: any doctor of the clinic who provides the service. */
  doctor: string | null;
  limit: number;
}

/** The first bookable slots for a service (every booking rule applied by the server), from now on. */
export async function getNextFree(query: NextFreeRequest, signal?: AbortSignal) {
  const body = await call(routes.appointments.nextFree, { query: { ...query, doctor: query.doctor ?? undefined } }, { signal, silent: true });
  return body.data;
}

export const nextFreeQueryOptions = (query: NextFreeRequest) =>
  queryOptions({ queryKey: appointmentsKeys.nextFree(query), queryFn: ({ signal }) => getNextFree(query, signal), staleTime: 30_000 });

/** The first free slots once a clinic and a service are chosen (null: nothing to ask yet). */
export function useNextFree(query: NextFreeRequest | null) {
  return useQuery({ ...nextFreeQueryOptions(query ?? { clinic: '', service: '', doctor: null, limit: 1 }), enabled: Boolean(query) });
}
