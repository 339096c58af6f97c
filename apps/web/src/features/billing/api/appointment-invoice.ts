import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiList, ApiSuccess, InvoiceCreate, InvoiceRecord, InvoiceSummary } from '@clinic/shared';
import { http, isApiError } from '@/lib/http';
import { billingKeys } from './billing-keys';
import { storeInvoice } from './save-invoice';

export interface BillableAppointment {
  _id: string;
  patient: { _id: string };
}

const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** The appointment's invoice among the patient's latest ones (its summary), or null. */
export async function findAppointmentInvoice(a: BillableAppointment, signal?: AbortSignal): Promise<InvoiceSummary | null> {
  const list = await http.get<ApiList<InvoiceSummary>>('/invoices', { signal, query: { patient: a.patient._id, limit: 30, sortBy: 'createdAt', order: 'desc' } });
  return list.data.find((i) => i.appointment === a._id) ?? null;
}

/**
 * The appointment's invoice: the one it has, else a draft made from it (its service at its price, the patient's
 * insurance applied). One invoice per appointment: when another desk made it meanwhile (409), that one is taken.
 * Never issued here: a draft is shown to the cashier first.
 */
export async function appointmentInvoice(a: BillableAppointment, toast = false): Promise<InvoiceRecord> {
  const found = await findAppointmentInvoice(a);
  if (found) return (await http.get<ApiSuccess<InvoiceRecord>>(invoicePath(found._id))).data;
  try {
    return (await http.post<ApiSuccess<InvoiceRecord>>(`/invoices/from-appointment/${encodeURIComponent(a._id)}`, {}, { successToast: toast })).data;
  } catch (error) {
    if (!isApiError(error) || error.status !== 409) throw error;
    const made = await findAppointmentInvoice(a);
    if (!made) throw error;
    return (await http.get<ApiSuccess<InvoiceRecord>>(invoicePath(made._id))).data;
  }
}

/** Finds or makes the appointment's invoice (a draft stays a draft). */
export function useAppointmentInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (a: BillableAppointment) => appointmentInvoice(a), onSuccess: (invoice) => storeInvoice(queryClient, invoice) });
}

/** The appointment's invoice summary, for its panel ("Paid" once it is); refreshed with every invoice list. */
export function useAppointmentInvoiceSummary(a: BillableAppointment, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.invoiceList({ appointment: a._id }),
    queryFn: ({ signal }) => findAppointmentInvoice(a, signal),
    enabled,
  });
}

/** The draft as the cashier left it (lines, discounts), then issued: the invoice ready for its payment. */
export function useIssueReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ draft, values }: { draft: InvoiceRecord; values: Omit<InvoiceCreate, 'patient' | 'clinic'> }) => {
      const saved = (await http.put<ApiSuccess<InvoiceRecord>>(invoicePath(draft._id), { ...values, version: draft.version }, { successToast: false })).data;
      return (await http.post<ApiSuccess<InvoiceRecord>>(`${invoicePath(saved._id)}/issue`, { version: saved.version }, { successToast: false })).data;
    },
    onSuccess: (invoice) => storeInvoice(queryClient, invoice),
  });
}
