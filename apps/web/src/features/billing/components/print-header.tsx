import { useQuery } from '@tanstack/react-query';
import type { InvoiceRecord } from '@clinic/shared';
import { companyQueryOptions } from '@/features/company';
import { useSession } from '@/lib/session-context';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useClinicRecord } from '../api/options';
import { invoiceQueryOptions } from '../api/invoices';
import { formatMoney } from './money';

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

/**
 * What a printed invoice or receipt reads: the invoice of the page's `:id`, its seller, the user printing it, the
 * language, and money written in the invoice's currency.
 */
export function usePrintedInvoice() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { id = '' } = useParams();
  const { user } = useSession();
  const invoice = useQuery(invoiceQueryOptions(id));
  const inv = invoice.data;
  const seller = useSeller(inv);
  const money = (minor: number) => (inv ? formatMoney(minor, inv.currency, lang) : '');
  return { t, lang, dir: i18n.dir(), user, invoice, inv, seller, money };
}
