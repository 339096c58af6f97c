import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type ServiceBulkInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { servicesKeys } from './services-keys';

/** Activates, deactivates or deletes the selected services, all of them or none. */
export function bulkServices(input: ServiceBulkInput) {
  return call(routes.services.bulk, { body: input });
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
