import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { call } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

export function deleteAppointment(id: string) {
  return call(routes.appointments.remove, { params: { id } });
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    onSuccess: (_result, id) => forgetDeletedRecord(queryClient, { forget: [appointmentsKeys.detail(id)], refresh: [appointmentsKeys.all] }),
  });
}
