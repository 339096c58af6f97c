import { useQuery } from '@tanstack/react-query';
import { routes, type ServiceRecord } from '@clinic/shared';
import { companyQueryOptions } from '@/features/company';
import { call } from '@/lib/api-client';
import { useLookup } from '@/lib/lookups';
import { useSession } from '@/lib/session-context';

export const useClinicOptions = () => useLookup('clinics', { sortBy: 'name', order: 'asc' });
export const useDoctorOptions = () => useLookup('doctors', { isActive: true, sortBy: 'name', order: 'asc' });

/** The active services of a clinic, with their prices (major units). */
export function useClinicServices(clinicId: string | null) {
  return useLookup<ServiceRecord>('services', { clinic: clinicId ?? undefined, isActive: true, sortBy: 'name', order: 'asc' }, { enabled: Boolean(clinicId) });
}

export interface PaymentMethodOption {
  name: string;
  /** The method's processing fee as its row states it (percent). */
  fee: number;
}

function useClinicRecord(clinicId: string | null) {
  const { can } = useSession();
  return useQuery({
    queryKey: ['billing', 'options', 'clinic', clinicId],
    enabled: Boolean(clinicId) && can('clinic_read'),
    queryFn: ({ signal }) => call(routes.clinics.get, { params: { id: clinicId ?? '' } }, { signal, silent: true }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** The card and online payment methods of the company and of the clinic (active ones), by name. */
export function usePaymentMethods(clinicId: string | null): PaymentMethodOption[] {
  const { can } = useSession();
  const company = useQuery({ ...companyQueryOptions(), enabled: can('company_read') });
  const clinic = useClinicRecord(clinicId);
  const rows = [...(clinic.data?.onlinePaymentMethods ?? []), ...(company.data?.onlinePaymentMethods ?? [])].filter((m) => m.isActive !== false);
  const seen = new Set<string>();
  return rows.flatMap((m) => (seen.has(m.companyName) ? [] : (seen.add(m.companyName), [{ name: m.companyName, fee: m.processingFees }])));
}

/** The insurers named in the company's and clinics' contracts, for the list filters. */
export function useInsurerNames(): string[] {
  const { can } = useSession();
  const company = useQuery({ ...companyQueryOptions(), enabled: can('company_read') });
  return [...new Set((company.data?.insuranceCompany ?? []).map((i) => i.companyName))].sort();
}

/** The clinic's record (its address and tax number for printouts). */
export { useClinicRecord };
