import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

/** Deleting a record others depend on is refused (409) with a message naming them; the toast shows it. */
export function deleteComplex(id: string) {
  return call(routes.complexes.remove, { params: { id } });
}

export function useDeleteComplex() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['complexes'] },
    mutationFn: deleteComplex,
    onSuccess: (_result, id) => forgetDeletedRecord(queryClient, { forget: [orgKeys.complex(id)], refresh: [orgKeys.all] }),
  });
}
