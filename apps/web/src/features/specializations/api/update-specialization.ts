import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type SpecializationUpdateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { specialitiesKeys } from './specialities-keys';

export function updateSpeciality(id: string, input: SpecializationUpdateInput) {
  return call(routes.specializations.update, { params: { id }, body: input });
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
