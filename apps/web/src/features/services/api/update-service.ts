import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, ServiceRecord, ServiceUpdateInput } from '@clinic/shared';
import { http } from '@/lib/http';
import { servicesKeys } from './services-keys';

export function updateService(id: string, input: ServiceUpdateInput): Promise<ApiSuccess<ServiceRecord>> {
  return http.patch<ApiSuccess<ServiceRecord>>(`/services/${encodeURIComponent(id)}`, input);
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
