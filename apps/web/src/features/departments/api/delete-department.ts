import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

/** Deleting a record others depend on is refused (409) with a message naming them; the toast shows it. */
export function deleteDepartment(id: string) {
  return call(routes.departments.remove, { params: { id } });
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['departments'] },
    mutationFn: deleteDepartment,
    onSuccess: (_result, id) => forgetDeletedRecord(queryClient, { forget: [orgKeys.department(id)], refresh: [orgKeys.all] }),
  });
}
