import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { call } from '@/lib/api-client';
import { specializationsKeys } from './specializations-keys';

export function deleteSpecialization(id: string) {
  return call(routes.specializations.remove, { params: { id } });
}

export function useDeleteSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['specializations'] },
    mutationFn: deleteSpecialization,
    onSuccess: (_r, id) => forgetDeletedRecord(queryClient, { forget: [specializationsKeys.detail(id)], refresh: [specializationsKeys.lists()] }),
  });
}
