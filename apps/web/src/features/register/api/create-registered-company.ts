import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type RegistrationCompanyValues } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { orgKeys } from '@/lib/org-keys';

/** POST /companies/registration: the wizard's company, from its name alone (Company info completes it later). */
export function createRegisteredCompany(values: RegistrationCompanyValues) {
  return call(routes.companies.register, { body: values });
}

export function useCreateRegisteredCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegisteredCompany,
    onSuccess: (result) => queryClient.setQueryData(orgKeys.company(), result.data),
  });
}
