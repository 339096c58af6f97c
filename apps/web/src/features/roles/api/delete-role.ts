import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { rolesKeys } from './roles-keys';

/** DELETE /roles/{id}; the server refuses (409) a role still assigned, and the Admin role. */
export function deleteRole(id: string) {
  return call(routes.roles.remove, { params: { id } });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['roles'] },
    mutationFn: deleteRole,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rolesKeys.lists() });
    },
  });
}
