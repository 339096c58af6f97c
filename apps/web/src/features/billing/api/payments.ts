import type { ApiSuccess, CreditNoteValues, InvoiceRecord, PaymentValues, RefundValues } from '@clinic/shared';
import { http } from '@/lib/http';
import { useInvoiceWrite } from './save-invoice';

const path = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** Takes a payment on an issued invoice: cash into a cash box, card or online through a payment method (its fee). */
export const useTakePayment = () =>
  useInvoiceWrite(({ id, input }: { id: string; input: PaymentValues }) => http.post<ApiSuccess<InvoiceRecord>>(`${path(id)}/payments`, input));

export const useCreditNote = () =>
  useInvoiceWrite(({ id, input }: { id: string; input: CreditNoteValues }) => http.post<ApiSuccess<InvoiceRecord>>(`${path(id)}/credit-notes`, input));

export const useRefund = () =>
  useInvoiceWrite(({ id, input }: { id: string; input: RefundValues }) => http.post<ApiSuccess<InvoiceRecord>>(`${path(id)}/refunds`, input));
