import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { rolesKeys } from './roles-keys';

/** DELETE /roles/{id}; the server refuses (409) a role still assigned, and the Admin role. */
export function deleteRole(id: string): Promise<unknown> {
  return http.delete(`/roles/${encodeURIComponent(id)}`);
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
