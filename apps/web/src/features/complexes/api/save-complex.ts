import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ComplexValues } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

export function createComplex(values: ComplexValues) {
  return call(routes.complexes.create, { body: values });
}

/** Replaces the form's fields, based on the version the form was loaded with (409 STALE_RECORD when someone saved since). */
export function updateComplex(id: string, values: ComplexValues, version: number) {
  return call(routes.complexes.update, { params: { id }, body: { ...values, version } });
}

/** Any change can alter counts and lists elsewhere in the organisation: every organisation view refreshes. */
export function useCreateComplex() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['complexes'] },
    mutationFn: createComplex,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}

export function useUpdateComplex() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['complexes'] },
    mutationFn: ({ id, values, version }: { id: string; values: ComplexValues; version: number }) => updateComplex(id, values, version),
    onSuccess: async (result) => {
      queryClient.setQueryData(orgKeys.complex(result.data._id), result.data);
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}
