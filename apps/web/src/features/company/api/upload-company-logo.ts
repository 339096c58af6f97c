import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, CompanyRecord } from '@clinic/shared';
import { http } from '@/lib/http';
import { orgKeys } from '@/features/organisation/lib/org-keys';

/** Multipart with the file in `logo` (JPEG or PNG, at most 5 MB; the server checks the content). */
export function uploadCompanyLogo(id: string, file: File): Promise<ApiSuccess<CompanyRecord>> {
  const form = new FormData();
  form.append('logo', file);
  return http.post<ApiSuccess<CompanyRecord>>(`/companies/${encodeURIComponent(id)}/logo`, form);
}

export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadCompanyLogo(id, file),
    onSuccess: (result) => queryClient.setQueryData(orgKeys.company(), result.data),
  });
}
