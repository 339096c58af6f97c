import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

/** Multipart with the file in `logo` (JPEG or PNG, at most 5 MB; the server checks the content). */
export function uploadCompanyLogo(id: string, file: File) {
  const form = new FormData();
  form.append('logo', file);
  return call(routes.companies.uploadLogo, { params: { id }, body: form });
}

export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadCompanyLogo(id, file),
    onSuccess: (result) => queryClient.setQueryData(orgKeys.company(), result.data),
  });
}
