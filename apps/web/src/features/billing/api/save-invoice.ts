import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiSuccess, InvoiceCreate, InvoiceRecord, InvoiceUpdate } from '@clinic/shared';
import { http } from '@/lib/http';
import { billingKeys } from './billing-keys';

const path = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** Puts the invoice a write answered with in the cache and refreshes the lists (invoices, cash boxes, claims). */
export async function storeInvoice(queryClient: QueryClient, invoice: InvoiceRecord) {
  queryClient.setQueryData(billingKeys.invoice(invoice._id), invoice);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...billingKeys.invoices(), 'list'] }),
    queryClient.invalidateQueries({ queryKey: billingKeys.cashBoxes() }),
    queryClient.invalidateQueries({ queryKey: billingKeys.claims() }),
  ]);
}

export function useInvoiceWrite<V>(send: (variables: V) => Promise<ApiSuccess<InvoiceRecord>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (result) => storeInvoice(queryClient, result.data) });
}

export const useCreateInvoice = () => useInvoiceWrite((input: InvoiceCreate) => http.post<ApiSuccess<InvoiceRecord>>('/invoices', input));

export const useUpdateInvoice = () =>
  useInvoiceWrite(({ id, input }: { id: string; input: InvoiceUpdate }) => http.put<ApiSuccess<InvoiceRecord>>(path(id), input));

export const useIssueInvoice = () =>
  useInvoiceWrite(({ id, version }: { id: string; version: number }) => http.post<ApiSuccess<InvoiceRecord>>(`${path(id)}/issue`, { version }));

/** A draft from the appointment's service, patient, clinic and doctor (with the patient's insurance). */
export const useInvoiceFromAppointment = () =>
  useInvoiceWrite((appointmentId: string) => http.post<ApiSuccess<InvoiceRecord>>(`/invoices/from-appointment/${encodeURIComponent(appointmentId)}`, {}));

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => http.delete<ApiSuccess<unknown>>(path(id), { query: { version } }),
    onSuccess: async (_r, { id }) => {
      queryClient.removeQueries({ queryKey: billingKeys.invoice(id) });
      await queryClient.invalidateQueries({ queryKey: billingKeys.invoices() });
    },
  });
}
