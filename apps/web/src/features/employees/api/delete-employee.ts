import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { employeesKeys } from './employees-keys';

/** DELETE /employees/{id}; the server refuses (409) an employee with appointments or one's own account. */
export function deleteEmployee(id: string): Promise<unknown> {
  return http.delete(`/employees/${encodeURIComponent(id)}`);
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: employeesKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: employeesKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
