import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, ClinicCollectionRecord, ClinicCollectionValues } from '@clinic/shared';
import { http } from '@/lib/http';
import { orgKeys } from '@/features/organisation/lib/org-keys';

export function createClinicCollection(values: ClinicCollectionValues): Promise<ApiSuccess<ClinicCollectionRecord>> {
  return http.post<ApiSuccess<ClinicCollectionRecord>>('/cliniccollections', values);
}

/** Replaces the form's fields, based on the version the form was loaded with (409 STALE_RECORD when someone saved since). */
export function updateClinicCollection(id: string, values: ClinicCollectionValues, version: number): Promise<ApiSuccess<ClinicCollectionRecord>> {
  return http.put<ApiSuccess<ClinicCollectionRecord>>(`/cliniccollections/${encodeURIComponent(id)}`, { ...values, version });
}

/** Any change can alter counts and lists elsewhere in the organisation: every organisation view refreshes. */
export function useCreateClinicCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['complexes'] },
    mutationFn: createClinicCollection,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}

export function useUpdateClinicCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['complexes'] },
    mutationFn: ({ id, values, version }: { id: string; values: ClinicCollectionValues; version: number }) => updateClinicCollection(id, values, version),
    onSuccess: async (result) => {
      queryClient.setQueryData(orgKeys.complex(result.data._id), result.data);
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}
