import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type CompanyValues, type ReplyOut } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

/** The answer to creating a company: the record, and its id beside it. */
export type CompanyCreated = ReplyOut<typeof routes.companies.create>;

/** POST /companies: the spec's client reads `success` and `_id` from the answer. */
export function createCompany(values: CompanyValues) {
  return call(routes.companies.create, { body: values });
}

/** Replaces the form's fields, based on the version the form was loaded with (409 STALE_RECORD when someone saved since). */
export function updateCompany(id: string, values: CompanyValues, version: number) {
  return call(routes.companies.update, { params: { id }, body: { ...values, version } });
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
