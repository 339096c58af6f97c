import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { isStaleRecord } from '@/lib/edited-record';
import { call } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { employeesKeys } from './employees-keys';
import { toEmployeeFormData, type EmployeeFiles } from './employee-form-data';

export interface UpdateEmployeeInput {
  id: string;
  /** The version of the employee the form was loaded with (409 STALE_RECORD when someone saved since). */
  version: number;
  values: Record<string, unknown>;
  files?: EmployeeFiles;
}

/** PUT /employees/{id}: the full edit as multipart. */
export function updateEmployee({ id, version, values, files }: UpdateEmployeeInput) {
  const form = toEmployeeFormData(values, files);
  form.append('version', String(version));
  return call(routes.employees.update, { params: { id }, body: form }, { silent: true });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['staff', 'doctors'] },
    mutationFn: updateEmployee,
    onSuccess: async (result, { id }) => {
      queryClient.setQueryData(employeesKeys.detail(id), result.data);
      await queryClient.invalidateQueries({ queryKey: employeesKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/**
 * PUT /employees/{id} with `{ isActive }` alone (and the version the row was shown with): the status switch. The
 * server's message ("activated", "deactivated") is the success toast; the caller shows its own error toast.
 */
export async function setEmployeeStatus({ id, isActive, version }: { id: string; isActive: boolean; version: number }) {
  const result = await call(routes.employees.update, { params: { id }, body: { isActive, version } }, { silent: true });
  notifySuccess(result.message ?? i18n.t('success.done'));
  return result;
}

export function useSetEmployeeStatus() {
  const queryClient = useQueryClient();
  const refresh = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: employeesKeys.detail(id) });
    await queryClient.invalidateQueries({ queryKey: employeesKeys.lists() });
    await queryClient.invalidateQueries({ queryKey: ['users'] });
  };
  return useMutation({
    meta: { lookups: ['staff', 'doctors'] },
    mutationFn: setEmployeeStatus,
    onSuccess: async (result, { id }) => {
      queryClient.setQueryData(employeesKeys.detail(id), result.data);
      await queryClient.invalidateQueries({ queryKey: employeesKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    // Someone else changed the employee meanwhile: show what they saved (the switch moves back with a message).
    onError: async (error, { id }) => {
      if (isStaleRecord(error)) await refresh(id);
    },
  });
}
