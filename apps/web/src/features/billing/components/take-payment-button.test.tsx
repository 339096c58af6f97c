import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceRecord } from '@clinic/shared';
import { emptyList, listOf, olayaClinic } from '@/test/mocks';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { TakePaymentButton } from './take-payment-button';

const CLINIC = olayaClinic._id;
const PATIENT = '22222222-2222-4222-8222-222222222222';
const SERVICE = '33333333-3333-4333-8333-333333333333';
const INVOICE = '44444444-4444-4444-8444-444444444444';
const visit = { _id: 'a1', status: 'completed' as const, patient: { _id: PATIENT, name: 'Sara Nasser' } };

/** The visit's draft: one service line of 150.00 SAR, no VAT, no insurance. */
const draft: InvoiceRecord = {
  _id: INVOICE, number: null, displayNumber: null, status: 'draft', clinic: { _id: CLINIC, name: olayaClinic.name },
  patient: { _id: PATIENT, name: 'Sara Nasser' }, doctor: null, appointment: 'a1', visitDate: '2026-03-10', currency: 'SAR', minorDigits: 2,
  vatRateBasisPoints: 0, taxNumber: null, subtotal: 15000, discountTotal: 0, taxTotal: 0, total: 15000, insurer: null, insurerShare: 0,
  patientShare: 15000, creditedTotal: 0, paidTotal: 0, refundedTotal: 0, balanceDue: 15000, note: '', issuedAt: null,
  createdAt: '2026-03-10T09:00:00Z', updatedAt: '2026-03-10T09:00:00Z', version: 1, claim: null, eInvoice: null, creditNotes: [], payments: [],
  lines: [{
    kind: 'service', service: SERVICE, description: 'Consultation', quantity: 1, unitPrice: 15000, discount: 0, gross: 15000, net: 15000, tax: 0, total: 15000, covered: false,
    insurerShare: 0, patientShare: 15000,
  }],
};

function billingApi() {
  const calls: string[] = [];
  const bodies: Record<string, unknown> = {};
  let current = draft;
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') {
      calls.push(`${method} ${url.pathname}`);
      bodies[`${method} ${url.pathname}`] = JSON.parse(String(init.body ?? '{}'));
    }
    if (url.pathname === '/api/invoices' && method === 'GET') return jsonResponse(200, emptyList());
    if (url.pathname === '/api/invoices/from-appointment/a1') return jsonResponse(201, { success: true, message: 'Invoice draft created', data: draft });
    if (url.pathname === `/api/invoices/${INVOICE}` && method === 'PUT') {
      const discount = (bodies[`PUT ${url.pathname}`] as { lines: Array<{ discount: number }> }).lines[0]!.discount;
      current = { ...draft, version: 2, discountTotal: discount, total: 15000 - discount, patientShare: 15000 - discount, balanceDue: 15000 - discount };
      return jsonResponse(200, { success: true, message: 'Invoice saved', data: current });
    }
    if (url.pathname === `/api/invoices/${INVOICE}/issue`) {
      current = { ...current, status: 'issued', number: 1, displayNumber: 'CLN-000001-000001', version: 3 };
      return jsonResponse(200, { success: true, message: 'Invoice issued', data: current });
    }
    if (url.pathname === '/api/services') return jsonResponse(200, listOf([{ _id: SERVICE, name: 'Consultation', price: 150, clinic: olayaClinic }]));
    return jsonResponse(200, emptyList());
  }, { profile: {} });
  return { calls, bodies };
}

describe('take payment on a visit', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('shows the draft first, issues nothing until the cashier confirms, then issues it as edited and opens the payment', async () => {
    const api = billingApi();
    const user = userEvent.setup();
    renderWithProviders(<TakePaymentButton appointment={visit} variant="board" />);
    await user.click(await screen.findByTestId('appointment-take-payment'));
    const review = await screen.findByTestId('invoice-review');
    expect(within(review).getByText(/Nothing is issued yet/)).toBeInTheDocument();
    expect(api.calls).toEqual(['POST /api/invoices/from-appointment/a1']);
    expect(screen.queryByTestId('payment-form')).toBeNull();
    // The cashier gives a 20.00 discount, then issues.
    await user.type(within(review).getByRole('textbox', { name: /Discount/ }), '20');
    await user.click(within(review).getByTestId('invoice-review-issue'));
    expect(await screen.findByTestId('payment-due')).toHaveTextContent('CLN-000001-000001 · Balance due: SAR 130.00');
    expect(api.calls).toEqual(['POST /api/invoices/from-appointment/a1', `PUT /api/invoices/${INVOICE}`, `POST /api/invoices/${INVOICE}/issue`]);
    expect(api.bodies[`PUT /api/invoices/${INVOICE}`]).toMatchObject({ version: 1, lines: [{ kind: 'service', service: SERVICE, discount: 2000 }] });
    expect(api.bodies[`POST /api/invoices/${INVOICE}/issue`]).toEqual({ version: 2 });
    await waitFor(() => expect(screen.queryByTestId('invoice-review')).toBeNull());
  });

  it('closing the draft issues nothing', async () => {
    const api = billingApi();
    const user = userEvent.setup();
    renderWithProviders(<TakePaymentButton appointment={visit} />);
    await user.click(await screen.findByTestId('appointment-take-payment'));
    await user.click(within(await screen.findByTestId('invoice-review')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('invoice-review')).toBeNull());
    expect(api.calls).toEqual(['POST /api/invoices/from-appointment/a1']);
  });

  it('shows "Paid", opening the invoice, once the visit is paid', async () => {
    billingApi();
    renderWithProviders(<TakePaymentButton appointment={{ ...visit, invoice: { _id: INVOICE, status: 'paid' } }} />);
    expect(await screen.findByTestId('appointment-paid')).toHaveAttribute('href', `/billing/invoices/details/${INVOICE}`);
    expect(screen.queryByTestId('appointment-take-payment')).toBeNull();
  });
});
