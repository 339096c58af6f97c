import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { employeesKeys } from './employees-keys';
import { toEmployeeFormData, type EmployeeFiles } from './employee-form-data';

export interface CreateEmployeeInput {
  values: Record<string, unknown>;
  files?: EmployeeFiles;
}

/** POST /employees as multipart; errors are left to the form (field messages, or a message under it). */
export function createEmployee({ values, files }: CreateEmployeeInput) {
  return call(routes.employees.create, { body: toEmployeeFormData(values, files) }, { silent: true });
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['staff', 'doctors'] },
    mutationFn: createEmployee,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: employeesKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
