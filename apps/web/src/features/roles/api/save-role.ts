import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type RoleFormValues } from '@clinic/shared';
import { isStaleRecord } from '@/lib/edited-record';
import { call } from '@/lib/api-client';
import { rolesKeys } from './roles-keys';

/**
 * Creates a role (no id) or replaces its name and permissions, based on the version the form was opened with
 * (409 STALE_RECORD when someone saved since). Field errors are left to the form.
 */
export function saveRole({ id, version, values }: { id?: string; version?: number; values: RoleFormValues }) {
  return id
    ? call(routes.roles.update, { params: { id }, body: { ...values, version } }, { silent: true })
    : call(routes.roles.create, { body: values }, { silent: true });
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
