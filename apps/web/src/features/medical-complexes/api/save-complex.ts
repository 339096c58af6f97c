import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, ClinicCollectionRecord, ClinicCollectionValues } from '@clinic/shared';
import { http } from '@/lib/http';
import { orgKeys } from '@/features/organisation/org-keys';

export function createClinicCollection(values: ClinicCollectionValues): Promise<ApiSuccess<ClinicCollectionRecord>> {
  return http.post<ApiSuccess<ClinicCollectionRecord>>('/cliniccollections', values);
}

export function updateClinicCollection(id: string, values: ClinicCollectionValues): Promise<ApiSuccess<ClinicCollectionRecord>> {
  return http.put<ApiSuccess<ClinicCollectionRecord>>(`/cliniccollections/${encodeURIComponent(id)}`, values);
}

/** Any change can alter counts and lists elsewhere in the organisation: every organisation view refreshes. */
export function useCreateClinicCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClinicCollection,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}

export function useUpdateClinicCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: ClinicCollectionValues }) => updateClinicCollection(id, values),
    onSuccess: async (result) => {
      queryClient.setQueryData(orgKeys.complex(result.data._id), result.data);
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}
