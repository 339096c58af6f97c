import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type InvoiceCreate, type InvoiceRecord, type InvoiceSummary } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/http';
import { billingKeys } from './billing-keys';
import { storeInvoice } from './save-invoice';

export interface BillableAppointment {
  _id: string;
  patient: { _id: string };
}

const getInvoice = async (id: string) => (await call(routes.invoices.get, { params: { id } })).data;

/** The appointment's invoice among the patient's latest ones (its summary), or null. */
export async function findAppointmentInvoice(a: BillableAppointment, signal?: AbortSignal): Promise<InvoiceSummary | null> {
  const list = await call(routes.invoices.list, { query: { patient: a.patient._id, limit: 30, sortBy: 'createdAt', order: 'desc' } }, { signal });
  return list.data.find((i) => i.appointment === a._id) ?? null;
}

/**
 * The appointment's invoice: the one it has, else a draft made from it (its service at its price, the patient's
 * insurance applied). One invoice per appointment: when another desk made it meanwhile (409), that one is taken.
 * Never issued here: a draft is shown to the cashier first.
 */
export async function appointmentInvoice(a: BillableAppointment, toast = false): Promise<InvoiceRecord> {
  const found = await findAppointmentInvoice(a);
  if (found) return getInvoice(found._id);
  try {
    return (await call(routes.invoices.fromAppointment, { params: { id: a._id }, body: {} }, { successToast: toast })).data;
  } catch (error) {
    if (!isApiError(error) || error.status !== 409) throw error;
    const made = await findAppointmentInvoice(a);
    if (!made) throw error;
    return getInvoice(made._id);
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
      const saved = (await call(routes.invoices.update, { params: { id: draft._id }, body: { ...values, version: draft.version } }, { successToast: false })).data;
      return (await call(routes.invoices.issue, { params: { id: saved._id }, body: { version: saved.version } }, { successToast: false })).data;
    },
    onSuccess: (invoice) => storeInvoice(queryClient, invoice),
  });
}
