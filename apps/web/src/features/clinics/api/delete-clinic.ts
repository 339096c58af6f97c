import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

/** Deleting a record others depend on is refused (409) with a message naming them; the toast shows it. */
export function deleteClinic(id: string) {
  return call(routes.clinics.remove, { params: { id } });
}

export function useDeleteClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['clinics'] },
    mutationFn: deleteClinic,
    onSuccess: (_result, id) =>
      forgetDeletedRecord(queryClient, { forget: [orgKeys.clinic(id), orgKeys.clinicPatientCount(id)], refresh: [orgKeys.all] }),
  });
}
