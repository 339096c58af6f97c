import { useQuery } from '@tanstack/react-query';
import type { InvoiceRecord } from '@clinic/shared';
import { companyQueryOptions } from '@/features/company';
import { useSession } from '@/lib/session-context';
import { useClinicRecord } from '../api/options';

/** The seller's details a printed invoice names: the company, the clinic with its address and phone, the tax number. */
export function useSeller(invoice: InvoiceRecord | undefined) {
  const { can } = useSession();
  const company = useQuery({ ...companyQueryOptions(), enabled: can('company_read') });
  const clinic = useClinicRecord(invoice?.clinic._id ?? null);
  const phone = clinic.data?.contactInfos?.find((c) => c.type === 'phone')?.value ?? null;
  return {
    company: company.data?.name ?? null,
    clinic: invoice?.clinic.name ?? '',
    address: clinic.data?.address ?? company.data?.address ?? null,
    phone,
    taxNumber: invoice?.taxNumber ?? company.data?.commercialRecord?.taxNumber ?? null,
  };
}
