import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type SpecializationUpdateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { specializationsKeys } from './specializations-keys';

export function updateSpecialization(id: string, input: SpecializationUpdateInput) {
  return call(routes.specializations.update, { params: { id }, body: input });
}

export function useUpdateSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['specializations'] },
    mutationFn: ({ id, input }: { id: string; input: SpecializationUpdateInput }) => updateSpecialization(id, input),
    onSuccess: async (result) => {
      queryClient.setQueryData(specializationsKeys.detail(result.data._id), result.data);
      await queryClient.invalidateQueries({ queryKey: specializationsKeys.lists() });
    },
  });
}
