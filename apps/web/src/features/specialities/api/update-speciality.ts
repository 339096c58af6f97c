import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, SpecializationDetails, SpecializationUpdateInput } from '@clinic/shared';
import { http } from '@/lib/http';
import { specialitiesKeys } from './specialities-keys';

export function updateSpeciality(id: string, input: SpecializationUpdateInput): Promise<ApiSuccess<SpecializationDetails>> {
  return http.put<ApiSuccess<SpecializationDetails>>(`/specializations/${encodeURIComponent(id)}`, input);
}

export function useUpdateSpeciality() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['specialities'] },
    mutationFn: ({ id, input }: { id: string; input: SpecializationUpdateInput }) => updateSpeciality(id, input),
    onSuccess: async (result) => {
      queryClient.setQueryData(specialitiesKeys.detail(result.data._id), result.data);
      await queryClient.invalidateQueries({ queryKey: specialitiesKeys.lists() });
    },
  });
}
