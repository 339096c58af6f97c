import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoiceRecord } from '@clinic/shared';
import { requestLines } from '@/test/request-pins';
import { testQueryClient } from '@/test/utils';
import { findAppointmentInvoice, useIssueReviewed } from './appointment-invoice';
import { cashBoxesQueryOptions, cashBoxQueryOptions, useCloseCashBox, useCloseReport } from './cash-boxes';
import { claimsQueryOptions, useUpdateClaim } from './claims';
import { useEInvoiceSubmissions, useOnboard, useRetrySubmission } from './e-invoicing';
import { invoiceQueryOptions, invoicesQueryOptions, useBillingSettings } from './invoices';
import { useCreditNote, useRefund, useTakePayment } from './payments';
import { useCreateInvoice, useDeleteInvoice, useInvoiceFromAppointment, useIssueInvoice, useUpdateInvoice } from './save-invoice';

const id = 'a/b 1';

function wrapperOf(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Sends a mutation hook's request with these variables. */
function mutation<V>(useHook: () => { mutateAsync: (variables: V) => Promise<unknown> }, variables: V) {
  return async () => {
    const { result } = renderHook(useHook, { wrapper: wrapperOf(testQueryClient()) });
    await result.current.mutateAsync(variables);
  };
}

/** Sends a query hook's request and waits for its answer. */
function query(useHook: () => { isFetching: boolean; fetchStatus: string }) {
  return async () => {
    const { result } = renderHook(useHook, { wrapper: wrapperOf(testQueryClient()) });
    await waitFor(() => expect(result.current.fetchStatus).toBe('idle'));
  };
}

/** A fresh query cache, to send a query's request through its options. */
const fresh = () => testQueryClient();

const draft = { _id: id, version: 3 } as InvoiceRecord;
const lines = [{ kind: 'service', service: 's 1', description: 'Consultation', quantity: 1, unitPrice: 150, discount: 0 }];

describe('the billing requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => fresh().fetchQuery(invoicesQueryOptions({
        page: 2, limit: 25, sortBy: 'issuedAt', order: 'desc', search: 'sa ra', status: 'issued', clinic: 'c/1', patient: 'p 1', insurer: 'Bupa Arabia', from: '2026-03-01', to: '2026-03-31',
      })),
      () => fresh().fetchQuery(invoicesQueryOptions({ page: 1, limit: 10, sortBy: 'createdAt', order: 'asc', search: '', status: null, clinic: null, patient: null, insurer: null, from: null, to: null })),
      () => fresh().fetchQuery(invoiceQueryOptions(id)),
      query(() => useBillingSettings()),
      () => findAppointmentInvoice({ _id: 'ap/1', patient: { _id: 'p 1' } }),
      mutation(() => useIssueReviewed(), { draft, values: { lines, note: 'seen', applyInsurance: true } as never }),
      mutation(() => useCreateInvoice(), { patient: 'p 1', clinic: 'c/1', lines, note: '' } as never),
      mutation(() => useUpdateInvoice(), { id, input: { lines, note: 'n', version: 3 } as never }),
      mutation(() => useIssueInvoice(), { id, version: 4 }),
      mutation(() => useInvoiceFromAppointment(), 'ap/1'),
      mutation(() => useDeleteInvoice(), { id, version: 5 }),
      mutation(() => useTakePayment(), { id, input: { method: 'cash', amount: 34.5, cashBox: 'cb 1', version: 6 } as never }),
      mutation(() => useCreditNote(), { id, input: { amount: 10, reason: 'overcharged', version: 7 } as never }),
      mutation(() => useRefund(), { id, input: { amount: 10, method: 'cash', cashBox: 'cb 1', version: 8 } as never }),
      () => fresh().fetchQuery(cashBoxesQueryOptions()),
      () => fresh().fetchQuery(cashBoxesQueryOptions({ clinic: 'c/1', includeInactive: true })),
      () => fresh().fetchQuery(cashBoxQueryOptions(id)),
      mutation(() => useCloseCashBox(), { id, input: { countedCash: 1200.5, note: 'short 0.50', version: 2 } as never }),
      query(() => useCloseReport(id, 'cl/2')),
      () => fresh().fetchQuery(claimsQueryOptions({ page: 3, limit: 50, sortBy: 'createdAt', order: 'desc', search: 'x y', status: 'submitted', clinic: 'c/1', insurer: 'Bupa Arabia' })),
      () => fresh().fetchQuery(claimsQueryOptions({ page: 1, limit: 10, sortBy: 'createdAt', order: 'asc', search: '', status: null, clinic: null, insurer: null })),
      mutation(() => useUpdateClaim(), { id, input: { status: 'paid', version: 2 } as never }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/invoices?page=2&limit=25&sortBy=issuedAt&order=desc&search=sa+ra&status=issued&clinic=c%2F1&patient=p+1&insurer=Bupa+Arabia&from=2026-03-01&to=2026-03-31",
        "GET /api/invoices?page=1&limit=10&sortBy=createdAt&order=asc",
        "GET /api/invoices/a%2Fb%201",
        "GET /api/billing/settings",
        "GET /api/invoices?patient=p+1&limit=30&sortBy=createdAt&order=desc",
        "PUT /api/invoices/a%2Fb%201 {"lines":[{"kind":"service","service":"s 1","description":"Consultation","quantity":1,"unitPrice":150,"discount":0}],"note":"seen","applyInsurance":true,"version":3}",
        "POST /api/invoices {"patient":"p 1","clinic":"c/1","lines":[{"kind":"service","service":"s 1","description":"Consultation","quantity":1,"unitPrice":150,"discount":0}],"note":""}",
        "PUT /api/invoices/a%2Fb%201 {"lines":[{"kind":"service","service":"s 1","description":"Consultation","quantity":1,"unitPrice":150,"discount":0}],"note":"n","version":3}",
        "POST /api/invoices/a%2Fb%201/issue {"version":4}",
        "POST /api/invoices/from-appointment/ap%2F1 {}",
        "DELETE /api/invoices/a%2Fb%201?version=5",
        "POST /api/invoices/a%2Fb%201/payments {"method":"cash","amount":34.5,"cashBox":"cb 1","version":6}",
        "POST /api/invoices/a%2Fb%201/credit-notes {"amount":10,"reason":"overcharged","version":7}",
        "POST /api/invoices/a%2Fb%201/refunds {"amount":10,"method":"cash","cashBox":"cb 1","version":8}",
        "GET /api/cash-boxes?allData=true",
        "GET /api/cash-boxes?clinic=c%2F1&includeInactive=true&allData=true",
        "GET /api/cash-boxes/a%2Fb%201",
        "POST /api/cash-boxes/a%2Fb%201/close {"countedCash":1200.5,"note":"short 0.50","version":2}",
        "GET /api/cash-boxes/a%2Fb%201/closes/cl%2F2",
        "GET /api/claims?page=3&limit=50&sortBy=createdAt&order=desc&search=x+y&status=submitted&clinic=c%2F1&insurer=Bupa+Arabia",
        "GET /api/claims?page=1&limit=10&sortBy=createdAt&order=asc",
        "PATCH /api/claims/a%2Fb%201 {"status":"paid","version":2}",
      ]
    `);
  });

  it('sends the e-invoicing requests of onboarding and the submissions', async () => {
    expect(await requestLines([
      mutation(() => useOnboard(), { otp: '123456', environment: 'simulation' }),
      query(() => useEInvoiceSubmissions({ page: 2, limit: 10, status: 'rejected' })),
      query(() => useEInvoiceSubmissions({ page: 1, limit: 10, status: null })),
      mutation(() => useRetrySubmission(), id),
    ])).toMatchInlineSnapshot(`
      [
        "POST /api/e-invoicing/onboard {"otp":"123456","environment":"simulation"}",
        "GET /api/e-invoicing/submissions?page=2&limit=10&status=rejected",
        "GET /api/e-invoicing/submissions?page=1&limit=10",
        "POST /api/e-invoicing/submissions/a%2Fb%201/retry",
      ]
    `);
  });
});
