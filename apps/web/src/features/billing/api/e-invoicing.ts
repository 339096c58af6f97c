import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type EInvoiceOnboardInput, type EInvoiceSettingsInput, type EInvoiceSubmissionStatus } from '@clinic/shared';
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

/** Onboarding with ZATCA (the stamp, its certificate and credentials): the settings as they are after it. */
export function useOnboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EInvoiceOnboardInput) => call(r.onboard, { body }),
    onSuccess: (reply) => {
      client.setQueryData(key, reply.data);
      void client.invalidateQueries({ queryKey: submissionsKey });
    },
  });
}

const submissionsKey = [...key, 'submissions'] as const;

/** The documents sent to ZATCA, newest first, a page at a time. */
export function useEInvoiceSubmissions(q: { page: number; limit: number; status: EInvoiceSubmissionStatus | null }) {
  return useQuery({
    queryKey: [...submissionsKey, q],
    queryFn: async ({ signal }) => call(r.submissions, { query: { page: q.page, limit: q.limit, status: q.status ?? undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRetrySubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(r.retrySubmission, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: submissionsKey }),
  });
}
