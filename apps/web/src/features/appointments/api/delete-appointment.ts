import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess } from '@clinic/shared';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { http } from '@/lib/http';
import { appointmentsKeys } from './appointments-keys';

export function deleteAppointment(id: string): Promise<ApiSuccess<unknown>> {
  return http.delete<ApiSuccess<unknown>>(`/appointments/${encodeURIComponent(id)}`);
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    onSuccess: (_result, id) => forgetDeletedRecord(queryClient, { forget: [appointmentsKeys.detail(id)], refresh: [appointmentsKeys.all] }),
  });
}
