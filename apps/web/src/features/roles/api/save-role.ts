import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, RoleFormValues, RoleRecord } from '@clinic/shared';
import { http } from '@/lib/http';
import { employeesKeys } from '@/features/employees/api/employees-keys';
import { rolesKeys } from './roles-keys';

/** Creates a role (no id) or replaces its name and permissions. Field errors are left to the form. */
export function saveRole({ id, values }: { id?: string; values: RoleFormValues }): Promise<ApiSuccess<RoleRecord>> {
  return id
    ? http.put<ApiSuccess<RoleRecord>>(`/roles/${encodeURIComponent(id)}`, values, { silent: true })
    : http.post<ApiSuccess<RoleRecord>>('/roles', values, { silent: true });
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rolesKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: employeesKeys.references('roles') });
      // Permissions of the signed-in user may have changed.
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
