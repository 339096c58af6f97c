import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type SpecializationCreateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { specializationsKeys } from './specializations-keys';

export function createSpecialization(input: SpecializationCreateInput) {
  return call(routes.specializations.create, { body: input });
}

export function useCreateSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['specializations'] },
    mutationFn: createSpecialization,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: specializationsKeys.lists() });
    },
  });
}
