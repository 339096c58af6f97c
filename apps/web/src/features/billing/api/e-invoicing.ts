import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type EInvoiceSettingsInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

const r = routes.eInvoices;
const key = ['billing', 'e-invoicing'] as const;

/** The company's e-invoicing (ZATCA) settings: the seller as registered, the phase, the stamp's certificate. */
export function useEInvoiceSettings() {
  return useQuery({ queryKey: key, queryFn: async ({ signal }) => (await call(r.settings, {}, { signal })).data });
}

export function useSaveEInvoiceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EInvoiceSettingsInput) => call(r.saveSettings, { body }),
    onSuccess: (reply) => client.setQueryData(key, reply.data),
  });
}

export function useSaveStamp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { privateKey: string; certificate: string | null }) => call(r.saveStamp, { body }),
    onSuccess: (reply) => client.setQueryData(key, reply.data),
  });
}
