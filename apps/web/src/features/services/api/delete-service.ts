import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess } from '@clinic/shared';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { http } from '@/lib/http';
import { servicesKeys } from './services-keys';

export function deleteService(id: string): Promise<ApiSuccess<unknown>> {
  return http.delete<ApiSuccess<unknown>>(`/services/${encodeURIComponent(id)}`);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['services'] },
    mutationFn: deleteService,
    onSuccess: (_r, id) => forgetDeletedRecord(queryClient, { forget: [servicesKeys.detail(id)], refresh: [servicesKeys.lists()] }),
  });
}
