import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes, type InvoiceCreate, type InvoiceRecord, type InvoiceUpdate } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** Puts the invoice a write answered with in the cache and refreshes the lists (invoices, cash boxes, claims). */
export async function storeInvoice(queryClient: QueryClient, invoice: InvoiceRecord) {
  queryClient.setQueryData(billingKeys.invoice(invoice._id), invoice);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...billingKeys.invoices(), 'list'] }),
    queryClient.invalidateQueries({ queryKey: billingKeys.cashBoxes() }),
    queryClient.invalidateQueries({ queryKey: billingKeys.claims() }),
  ]);
}

export function useInvoiceWrite<V>(send: (variables: V) => Promise<{ data: InvoiceRecord }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (result) => storeInvoice(queryClient, result.data) });
}

export const useCreateInvoice = () => useInvoiceWrite((input: InvoiceCreate) => call(routes.invoices.create, { body: input }));

export const useUpdateInvoice = () =>
  useInvoiceWrite(({ id, input }: { id: string; input: InvoiceUpdate }) => call(routes.invoices.update, { params: { id }, body: input }));

export const useIssueInvoice = () =>
  useInvoiceWrite(({ id, version }: { id: string; version: number }) => call(routes.invoices.issue, { params: { id }, body: { version } }));

/** A draft from the appointment's service, patient, clinic and doctor (with the patient's insurance). */
export const useInvoiceFromAppointment = () =>
  useInvoiceWrite((appointmentId: string) => call(routes.invoices.fromAppointment, { params: { id: appointmentId }, body: {} }));

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => call(routes.invoices.remove, { params: { id }, query: { version } }),
    onSuccess: async (_r, { id }) => {
      queryClient.removeQueries({ queryKey: billingKeys.invoice(id) });
      await queryClient.invalidateQueries({ queryKey: billingKeys.invoices() });
    },
  });
}
