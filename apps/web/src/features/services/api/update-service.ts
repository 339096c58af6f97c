import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ServiceUpdateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { servicesKeys } from './services-keys';

export function updateService(id: string, input: ServiceUpdateInput) {
  return call(routes.services.patch, { params: { id }, body: input });
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['services'] },
    mutationFn: ({ id, input }: { id: string; input: ServiceUpdateInput }) => updateService(id, input),
    onSuccess: async (result) => {
      queryClient.setQueryData(servicesKeys.detail(result.data._id), result.data);
      await queryClient.invalidateQueries({ queryKey: servicesKeys.lists() });
    },
  });
}
