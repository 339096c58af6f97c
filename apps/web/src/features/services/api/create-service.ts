import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, ServiceCreateInput, ServiceRecord } from '@clinic/shared';
import { http } from '@/lib/http';
import { servicesKeys } from './services-keys';

export function createService(input: ServiceCreateInput): Promise<ApiSuccess<ServiceRecord>> {
  return http.post<ApiSuccess<ServiceRecord>>('/services', input);
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
