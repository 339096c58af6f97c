import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { call } from '@/lib/api-client';
import { specialitiesKeys } from './specialities-keys';

export function deleteSpeciality(id: string) {
  return call(routes.specializations.remove, { params: { id } });
}

export function useDeleteSpeciality() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['specialities'] },
    mutationFn: deleteSpeciality,
    onSuccess: (_r, id) => forgetDeletedRecord(queryClient, { forget: [specialitiesKeys.detail(id)], refresh: [specialitiesKeys.lists()] }),
  });
}
