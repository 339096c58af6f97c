import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, RoleFormValues, RoleRecord } from '@clinic/shared';
import { isStaleRecord } from '@/lib/edited-record';
import { http } from '@/lib/http';
import { rolesKeys } from './roles-keys';

/**
 * Creates a role (no id) or replaces its name and permissions, based on the version the form was opened with
 * (409 STALE_RECORD when someone saved since). Field errors are left to the form.
 */
export function saveRole({ id, version, values }: { id?: string; version?: number; values: RoleFormValues }): Promise<ApiSuccess<RoleRecord>> {
  return id
    ? http.put<ApiSuccess<RoleRecord>>(`/roles/${encodeURIComponent(id)}`, { ...values, version }, { silent: true })
    : http.post<ApiSuccess<RoleRecord>>('/roles', values, { silent: true });
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['roles'] },
    mutationFn: saveRole,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rolesKeys.lists() });
      // Permissions of the signed-in user may have changed.
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
    // Someone else changed the role meanwhile: the list shows what they saved (the form keeps the input).
    onError: async (error) => {
      if (isStaleRecord(error)) await queryClient.invalidateQueries({ queryKey: rolesKeys.lists() });
    },
  });
}
