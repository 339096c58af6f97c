import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, ClinicRecord, ClinicValues } from '@clinic/shared';
import { http } from '@/lib/http';
import { orgKeys } from '@/features/organisation/org-keys';

export function createClinic(values: ClinicValues): Promise<ApiSuccess<ClinicRecord>> {
  return http.post<ApiSuccess<ClinicRecord>>('/clinics', values);
}

export function updateClinic(id: string, values: ClinicValues): Promise<ApiSuccess<ClinicRecord>> {
  return http.put<ApiSuccess<ClinicRecord>>(`/clinics/${encodeURIComponent(id)}`, values);
}

/** Any change can alter counts and lists elsewhere in the organisation: every organisation view refreshes. */
export function useCreateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClinic,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}

export function useUpdateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: ClinicValues }) => updateClinic(id, values),
    onSuccess: async (result) => {
      queryClient.setQueryData(orgKeys.clinic(result.data._id), result.data);
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
  });
}
