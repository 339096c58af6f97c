import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, SpecializationCreateInput, SpecializationDetails } from '@clinic/shared';
import { http } from '@/lib/http';
import { specialitiesKeys } from './specialities-keys';

export function createSpeciality(input: SpecializationCreateInput): Promise<ApiSuccess<SpecializationDetails>> {
  return http.post<ApiSuccess<SpecializationDetails>>('/specializations', input);
}

export function useCreateSpeciality() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['specialities'] },
    mutationFn: createSpeciality,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: specialitiesKeys.lists() });
    },
  });
}
