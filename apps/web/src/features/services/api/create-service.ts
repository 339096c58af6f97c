import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ServiceCreateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { servicesKeys } from './services-keys';

export function createService(input: ServiceCreateInput) {
  return call(routes.services.create, { body: input });
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['services'] },
    mutationFn: createService,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: servicesKeys.lists() });
    },
  });
}
