import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type AppointmentCreateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { appointmentsKeys } from './appointments-keys';

/** Books an appointment. Errors are shown by the form itself (under the form, in red), not as toasts. */
export async function createAppointment(input: AppointmentCreateInput) {
  const result = await call(routes.appointments.create, { body: input }, { silent: true });
  notifySuccess(result.message ?? i18n.t('success.done'));
  return result;
}

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appointmentsKeys.all });
    },
  });
}
