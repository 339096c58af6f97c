import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, AppointmentRecord } from '@clinic/shared';
import { http } from '@/lib/http';
import { appointmentsKeys } from './appointments-keys';

export async function getAppointment(id: string, signal?: AbortSignal): Promise<AppointmentRecord> {
  const body = await http.get<ApiSuccess<AppointmentRecord>>(`/appointments/${encodeURIComponent(id)}`, { signal, silent: true });
  return body.data;
}

export const appointmentQueryOptions = (id: string) =>
  queryOptions({ queryKey: appointmentsKeys.detail(id), queryFn: ({ signal }) => getAppointment(id, signal) });

export function useAppointment(id: string | null) {
  return useQuery({ ...appointmentQueryOptions(id ?? ''), enabled: Boolean(id) });
}
