import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationCompanyValues } from '@clinic/shared';
import { http } from '@/lib/http';
import type { CompanyCreated } from '@/features/company';
import { orgKeys } from '@/features/organisation/lib/org-keys';

/** POST /companies/registration: the wizard's company, from its name alone (Company info completes it later). */
export function createRegisteredCompany(values: RegistrationCompanyValues): Promise<CompanyCreated> {
  return http.post<CompanyCreated>('/companies/registration', values);
}

export function useCreateRegisteredCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegisteredCompany,
    onSuccess: (result) => queryClient.setQueryData(orgKeys.company(), result.data),
  });
}
