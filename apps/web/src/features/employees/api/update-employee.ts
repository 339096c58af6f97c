import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, EmployeeRecord } from '@clinic/shared';
import { http } from '@/lib/http';
import { employeesKeys } from './employees-keys';
import { toEmployeeFormData, type EmployeeFiles } from './employee-form-data';

export interface UpdateEmployeeInput {
  id: string;
  values: Record<string, unknown>;
  files?: EmployeeFiles;
}

/** PUT /employees/{id}: the full edit as multipart. */
export function updateEmployee({ id, values, files }: UpdateEmployeeInput): Promise<ApiSuccess<EmployeeRecord>> {
  return http.put<ApiSuccess<EmployeeRecord>>(`/employees/${encodeURIComponent(id)}`, toEmployeeFormData(values, files), { silent: true });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: async (result, { id }) => {
      queryClient.setQueryData(employeesKeys.detail(id), result.data);
      await queryClient.invalidateQueries({ queryKey: employeesKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/** PUT /employees/{id} with `{ isActive }` alone: the status switch. The caller shows its own error toast. */
export function setEmployeeStatus({ id, isActive }: { id: string; isActive: boolean }): Promise<ApiSuccess<EmployeeRecord>> {
  return http.put<ApiSuccess<EmployeeRecord>>(`/employees/${encodeURIComponent(id)}`, { isActive }, { silent: true });
}

export function useSetEmployeeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmployeeStatus,
    onSuccess: async (result, { id }) => {
      queryClient.setQueryData(employeesKeys.detail(id), result.data);
      await queryClient.invalidateQueries({ queryKey: employeesKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
