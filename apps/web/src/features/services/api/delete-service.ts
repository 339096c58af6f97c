import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess } from '@clinic/shared';
import { http } from '@/lib/http';
import { servicesKeys } from './services-keys';

export function deleteService(id: string): Promise<ApiSuccess<unknown>> {
  return http.delete<ApiSuccess<unknown>>(`/services/${encodeURIComponent(id)}`);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: async (_r, id) => {
      queryClient.removeQueries({ queryKey: servicesKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: servicesKeys.lists() });
    },
  });
}
