import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { employeesKeys } from './employees-keys';

/** DELETE /employees/{id}; the server refuses (409) an employee with appointments or one's own account. */
export function deleteEmployee(id: string) {
  return call(routes.employees.remove, { params: { id } });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['staff', 'doctors'] },
    mutationFn: deleteEmployee,
    onSuccess: (_result, id) =>
      forgetDeletedRecord(queryClient, {
        forget: [employeesKeys.detail(id), ['employees', 'stats', id]],
        refresh: [employeesKeys.lists(), ['users']],
      }),
  });
}
