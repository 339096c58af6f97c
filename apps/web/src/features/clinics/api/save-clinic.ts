import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ClinicValues } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

export function createClinic(values: ClinicValues) {
  return call(routes.clinics.create, { body: values });
}

/** Replaces the form's fields, based on the version the form was loaded with (409 STALE_RECORD when someone saved since). */
export function updateClinic(id: string, values: ClinicValues, version: number) {
  return call(routes.clinics.update, { params: { id }, body: { ...values, version } });
}

/** Any change can alter counts and lists elsewhere in the organisation: every organisation view refreshes. */
export function useCreateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['clinics'] },
    mutationFn: createClinic,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}

export function useUpdateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['clinics'] },
    mutationFn: ({ id, values, version }: { id: string; values: ClinicValues; version: number }) => updateClinic(id, values, version),
    onSuccess: async (result) => {
      queryClient.setQueryData(orgKeys.clinic(result.data._id), result.data);
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}
