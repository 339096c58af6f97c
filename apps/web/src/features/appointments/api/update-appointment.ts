import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type AppointmentUpdateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { isStaleRecord } from '@/lib/edited-record';
import { isApiError } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { appointmentsKeys } from './appointments-keys';

/**
 * Moves an appointment along the visit's flow, writes its visit note or reschedules it, based on the version the screen shows (`input.version`); the
 * caller shows refusals where the user is looking.
 */
export async function updateAppointment(id: string, input: AppointmentUpdateInput) {
  const result = await call(routes.appointments.patch, { params: { id }, body: input }, { silent: true });
  notifySuccess(result.message ?? i18n.t('success.done'));
  return result;
}

export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AppointmentUpdateInput }) => updateAppointment(id, input),
    onSuccess: async (result) => {
      queryClient.setQueryData(appointmentsKeys.detail(result.data._id), result.data);
      await queryClient.invalidateQueries({ queryKey: appointmentsKeys.all });
    },
    // Someone else changed the appointment meanwhile, or the step no longer fits its status: show what it is now
    // next to the refusal.
    onError: async (error) => {
      if (isStaleRecord(error) || (isApiError(error) && error.status === 409)) await queryClient.invalidateQueries({ queryKey: appointmentsKeys.all });
    },
  });
}
