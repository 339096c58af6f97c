import { routes, type CreditNoteValues, type PaymentValues, type RefundValues } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { useInvoiceWrite } from './save-invoice';

/** Takes a payment on an issued invoice: cash into a cash box, card or online through a payment method (its fee). */
export const useTakePayment = () =>
  useInvoiceWrite(({ id, input }: { id: string; input: PaymentValues }) => call(routes.invoices.payment, { params: { id }, body: input }));

export const useCreditNote = () =>
  useInvoiceWrite(({ id, input }: { id: string; input: CreditNoteValues }) => call(routes.invoices.creditNote, { params: { id }, body: input }));

export const useRefund = () =>
  useInvoiceWrite(({ id, input }: { id: string; input: RefundValues }) => call(routes.invoices.refund, { params: { id }, body: input }));
