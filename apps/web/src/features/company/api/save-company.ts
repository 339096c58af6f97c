import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, CompanyRecord, CompanyValues } from '@clinic/shared';
import { http } from '@/lib/http';
import { orgKeys } from '@/features/organisation/org-keys';

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

export function updateCompany(id: string, values: CompanyValues): Promise<ApiSuccess<CompanyRecord>> {
  return http.put<ApiSuccess<CompanyRecord>>(`/companies/${encodeURIComponent(id)}`, values);
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
    mutationFn: ({ id, values }: { id: string; values: CompanyValues }) => updateCompany(id, values),
    onSuccess: (result) => queryClient.setQueryData(orgKeys.company(), result.data),
  });
}
