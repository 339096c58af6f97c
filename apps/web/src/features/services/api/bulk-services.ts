import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, ServiceBulkAction, ServiceBulkInput } from '@clinic/shared';
import { http } from '@/lib/http';
import { servicesKeys } from './services-keys';

/** Activates, deactivates or deletes the selected services, all of them or none. */
export function bulkServices(input: ServiceBulkInput): Promise<ApiSuccess<{ action: ServiceBulkAction; count: number }>> {
  return http.post<ApiSuccess<{ action: ServiceBulkAction; count: number }>>('/services/bulk', input);
}

export function useBulkServices() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['services'] },
    mutationFn: bulkServices,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: servicesKeys.all });
    },
  });
}
