import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { call } from '@/lib/api-client';
import { servicesKeys } from './services-keys';

export function deleteService(id: string) {
  return call(routes.services.remove, { params: { id } });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['services'] },
    mutationFn: deleteService,
    onSuccess: (_r, id) => forgetDeletedRecord(queryClient, { forget: [servicesKeys.detail(id)], refresh: [servicesKeys.lists()] }),
  });
}
