import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { http } from '@/lib/http';
import { orgKeys } from '@/features/organisation/lib/org-keys';

/** Deleting a record others depend on is refused (409) with a message naming them; the toast shows it. */
export function deleteClinicCollection(id: string): Promise<{ success: true; message?: string }> {
  return http.delete<{ success: true; message?: string }>(`/cliniccollections/${encodeURIComponent(id)}`);
}

export function useDeleteClinicCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['complexes'] },
    mutationFn: deleteClinicCollection,
    onSuccess: (_result, id) => forgetDeletedRecord(queryClient, { forget: [orgKeys.complex(id)], refresh: [orgKeys.all] }),
  });
}
