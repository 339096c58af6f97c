import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

export async function getAppointment(id: string, signal?: AbortSignal) {
  const body = await call(routes.appointments.get, { params: { id } }, { signal, silent: true });
  return body.data;
}

export const appointmentQueryOptions = (id: string) =>
  queryOptions({ queryKey: appointmentsKeys.detail(id), queryFn: ({ signal }) => getAppointment(id, signal) });

export function useAppointment(id: string | null) {
  return useQuery({ ...appointmentQueryOptions(id ?? ''), enabled: Boolean(id) });
}
