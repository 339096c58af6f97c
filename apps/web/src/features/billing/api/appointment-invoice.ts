import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiList, ApiSuccess, InvoiceRecord, InvoiceSummary } from '@clinic/shared';
import { http, isApiError } from '@/lib/http';
import { storeInvoice } from './save-invoice';

export interface BillableAppointment {
  _id: string;
  patient: { _id: string };
}

const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** The appointment's invoice among the patient's latest ones, or null. */
async function findInvoice(a: BillableAppointment): Promise<InvoiceRecord | null> {
  const list = await http.get<ApiList<InvoiceSummary>>('/invoices', { query: { patient: a.patient._id, limit: 30, sortBy: 'createdAt', order: 'desc' } });
  const found = list.data.find((i) => i.appointment === a._id);
  return found ? (await http.get<ApiSuccess<InvoiceRecord>>(invoicePath(found._id))).data : null;
}

/**
 * The appointment's invoice, ready for a payment: the one it has, else a draft made from it (its service at its
 * price, the patient's insurance applied); a draft is issued. One invoice per appointment: when another desk made it
 * meanwhile (409), that one is taken.
 */
export async function invoiceForPayment(a: BillableAppointment): Promise<InvoiceRecord> {
  let invoice = await findInvoice(a);
  if (!invoice) {
    try {
      invoice = (await http.post<ApiSuccess<InvoiceRecord>>(`/invoices/from-appointment/${encodeURIComponent(a._id)}`, {}, { successToast: false })).data;
    } catch (error) {
      if (!isApiError(error) || error.status !== 409) throw error;
      invoice = await findInvoice(a);
      if (!invoice) throw error;
    }
  }
  if (invoice.status === 'draft') {
    invoice = (await http.post<ApiSuccess<InvoiceRecord>>(`${invoicePath(invoice._id)}/issue`, { version: invoice.version })).data;
  }
  return invoice;
}

export function useInvoiceForPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invoiceForPayment,
    onSuccess: (invoice) => storeInvoice(queryClient, invoice),
  });
}
