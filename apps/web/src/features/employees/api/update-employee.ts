import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, EmployeeRecord } from '@clinic/shared';
import { http } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
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

/**
 * PUT /employees/{id} with `{ isActive }` alone: the status switch. The server's message ("activated", "deactivated")
 * is the success toast; the caller shows its own error toast.
 */
export async function setEmployeeStatus({ id, isActive }: { id: string; isActive: boolean }): Promise<ApiSuccess<EmployeeRecord>> {
  const result = await http.put<ApiSuccess<EmployeeRecord>>(`/employees/${encodeURIComponent(id)}`, { isActive }, { silent: true });
  notifySuccess(result.message ?? i18n.t('success.done'));
  return result;
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
