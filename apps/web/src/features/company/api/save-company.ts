import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, CompanyRecord, CompanyValues } from '@clinic/shared';
import { http } from '@/lib/http';
import { orgKeys } from '@/features/organisation/lib/org-keys';

export interface CompanyCreated {
  success: true;
  _id: string;
  message?: string;
  data: CompanyRecord;
}

/** POST /companies: the spec's client reads `success` and `_id` from the answer. */
export function createCompany(values: CompanyValues): Promise<CompanyCreated> {
  return http.post<CompanyCreated>('/companies', values);
}

/** Replaces the form's fields, based on the version the form was loaded with (409 STALE_RECORD when someone saved since). */
export function updateCompany(id: string, values: CompanyValues, version: number): Promise<ApiSuccess<CompanyRecord>> {
  return http.put<ApiSuccess<CompanyRecord>>(`/companies/${encodeURIComponent(id)}`, { ...values, version });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: (result) => queryClient.setQueryData(orgKeys.company(), result.data),
  });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values, version }: { id: string; values: CompanyValues; version: number }) => updateCompany(id, values, version),
    onSuccess: (result) => queryClient.setQueryData(orgKeys.company(), result.data),
  });
}
