import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type DepartmentValues } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

export function createDepartment(values: DepartmentValues) {
  return call(routes.departments.create, { body: values });
}

/** Replaces the form's fields, based on the version the form was loaded with (409 STALE_RECORD when someone saved since). */
export function updateDepartment(id: string, values: DepartmentValues, version: number) {
  return call(routes.departments.update, { params: { id }, body: { ...values, version } });
}

/** Any change can alter counts and lists elsewhere in the organisation: every organisation view refreshes. */
export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['departments'] },
    mutationFn: createDepartment,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}

export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['departments'] },
    mutationFn: ({ id, values, version }: { id: string; values: DepartmentValues; version: number }) => updateDepartment(id, values, version),
    onSuccess: async (result) => {
      queryClient.setQueryData(orgKeys.department(result.data._id), result.data);
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}
