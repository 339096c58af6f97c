import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess } from '@clinic/shared';
import { forgetDeletedRecord } from '@/lib/forget-deleted';
import { http } from '@/lib/http';
import { specialitiesKeys } from './specialities-keys';

export function deleteSpeciality(id: string): Promise<ApiSuccess<unknown>> {
  return http.delete<ApiSuccess<unknown>>(`/specializations/${encodeURIComponent(id)}`);
}

export function useDeleteSpeciality() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { lookups: ['specialities'] },
    mutationFn: deleteSpeciality,
    onSuccess: (_r, id) => forgetDeletedRecord(queryClient, { forget: [specialitiesKeys.detail(id)], refresh: [specialitiesKeys.lists()] }),
  });
}
