import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type SpecializationCreateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { specialitiesKeys } from './specialities-keys';

export function createSpeciality(input: SpecializationCreateInput) {
  return call(routes.specializations.create, { body: input });
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
