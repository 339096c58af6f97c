import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { notifySuccess } from '@/lib/notify';
import { patientsKeys } from './patients-keys';

/**
 * Deletes a patient. The server keeps a patient with medical records and deactivates it instead; its
 * message says which happened, so that message is shown rather than the generic deletion toast.
 */
export async function deletePatient(id: string) {
  const result = await call(routes.patients.remove, { params: { id } }, { successToast: false });
  if (result.message) notifySuccess(result.message);
  return result;
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatient,
    onSuccess: async (result, id) => {
      if (result.data.outcome === 'deleted') {
        await forgetDeletedRecord(queryClient, { forget: [patientsKeys.detail(id)], refresh: [patientsKeys.lists()] });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: patientsKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: patientsKeys.lists() });
    },
  });
}
