import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyRecord, InvoiceRecord } from '@clinic/shared';
import { listOf } from '@/test/mocks';
import { emptyList, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { PaymentDialog } from './payment-dialog';

const CLINIC = '11111111-1111-4111-8111-111111111111';
const BOX = '55555555-5555-4555-8555-555555555555';
const OTHER_BOX = '66666666-6666-4666-8666-666666666666';
const SECOND_BOX = '88888888-8888-4888-8888-888888888888';
const INVOICE = '44444444-4444-4444-8444-444444444444';
const NOTE = '77777777-7777-4777-8777-777777777777';

/** 172.50 SAR, the insurer pays 80% of 150.00 + VAT: the patient's 34.50 is due. */
const invoice: InvoiceRecord = {
  _id: INVOICE, number: 7, displayNumber: 'CLN-000001-000007', status: 'issued', clinic: { _id: CLINIC, name: 'Olaya Clinic' },
  patient: { _id: 'p1', name: 'Sara Nasser' }, doctor: null, appointment: null, visitDate: '2026-03-10', currency: 'SAR', minorDigits: 2,
  vatRateBasisPoints: 1500, taxNumber: '300000000000003', subtotal: 15000, discountTotal: 0, taxTotal: 2250, total: 17250,
  insurer: { name: 'Bupa', coverageBasisPoints: 8000, cardExpiryDate: '2027-01-01' }, insurerShare: 13800, patientShare: 3450,
  creditedTotal: 0, paidTotal: 0, refundedTotal: 0, balanceDue: 3450, note: '', issuedAt: '2026-03-10T09:00:00Z',
  createdAt: '2026-03-10T09:00:00Z', updatedAt: '2026-03-10T09:00:00Z', version: 2, lines: [], creditNotes: [], payments: [], claim: null, eInvoice: null,
};

/** The company, with one card payment method (Mada, 2% fee). */
const company: CompanyRecord = {
  _id: 'company-1', name: 'Al Noor', plan: 'company', timeZone: 'Asia/Riyadh', address: null, yearOfEstablishment: null, goals: null, overview: null,
  vision: null, logo: null, contactInfos: [], holidays: [], specializations: [], bankAccount: [], insuranceCompany: [], cashBoxes: [],
  onlinePaymentMethods: [{ companyName: 'Mada', processingFees: 2, isActive: true }], commercialRecord: null, locationGoogle: null, Key_member: null,
  Founder: null, Executives: null, lateCancellationHours: 24, hijriMode: 'off', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', version: 1,
};

/**
 * The cash boxes: the Olaya clinic's front desk, another clinic's till, and (with `secondBox`) a second one at Olaya,
 * (with `companyBox`) the company's own.
 */
function paymentApi({ secondBox = false, companyBox = false } = {}) {
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/cash-boxes') {
      return jsonResponse(200, listOf([
        { _id: BOX, name: 'Front desk', clinic: { _id: CLINIC, name: 'Olaya Clinic' }, pic: null, location: null, currency: 'SAR', isActive: true, balance: 0, lastClosedOn: null },
        { _id: OTHER_BOX, name: 'Malaz till', clinic: { _id: 'other', name: 'Malaz Clinic' }, pic: null, location: null, currency: 'SAR', isActive: true, balance: 0, lastClosedOn: null },
        ...(companyBox ? [{ _id: 'c0000000-0000-4000-8000-000000000000', name: 'Head office', clinic: null, pic: null, location: null, currency: 'SAR', isActive: true, balance: 0, lastClosedOn: null }] : []),
        ...(secondBox ? [{ _id: SECOND_BOX, name: 'Pharmacy till', clinic: { _id: CLINIC, name: 'Olaya Clinic' }, pic: null, location: null, currency: 'SAR', isActive: true, balance: 0, lastClosedOn: null }] : []),
      ]));
    }
    if (url.pathname === '/api/companies') return jsonResponse(200, listOf([company]));
    if (url.pathname === `/api/clinics/${CLINIC}`) return jsonResponse(200, { success: true, data: { _id: CLINIC, name: 'Olaya Clinic', onlinePaymentMethods: [] } });
    if (url.pathname === `/api/invoices/${INVOICE}/payments` && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { success: true, message: 'Payment recorded', data: { ...invoice, status: 'paid', paidTotal: 3450, balanceDue: 0 } });
    }
    return jsonResponse(200, emptyList());
  }, { profile: {} });
  return posted;
}

describe('payment dialog', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it("offers the balance due, refuses more than it and a cash payment without a cash box, and sends nothing", async () => {
    const posted = paymentApi({ secondBox: true });
    const user = userEvent.setup();
    renderWithProviders(<PaymentDialog invoice={invoice} opened onClose={() => {}} />);
    expect(await screen.findByTestId('payment-due')).toHaveTextContent('Balance due: SAR 34.50');
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('34.5');
    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('The amount is more than the balance due (SAR 34.50)')).toBeInTheDocument();
    expect(await screen.findByText('Choose the cash box for a cash payment')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it("takes cash into one of the clinic's cash boxes, in halalas, and reports the paid invoice", async () => {
    const posted = paymentApi({ secondBox: true });
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderWithProviders(<PaymentDialog invoice={invoice} opened onClose={() => {}} onDone={onDone} />);
    await user.click(await screen.findByRole('combobox', { name: /Cash box/ }));
    expect(screen.queryByRole('option', { name: /Malaz till/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /Front desk/ }));
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted).toEqual([{ method: 'cash', amount: 3450, cashBox: BOX, paymentMethod: null, reference: '' }]);
    expect(onDone.mock.calls[0]![0]).toMatchObject({ status: 'paid', balanceDue: 0 });
  });

  it("chooses the clinic's only cash box by itself, the company's box still offered: one click takes the payment", async () => {
    const posted = paymentApi({ companyBox: true });
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderWithProviders(<PaymentDialog invoice={invoice} opened onClose={() => {}} onDone={onDone} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Cash box/ })).toHaveValue('Front desk · Olaya Clinic'));
    await user.click(screen.getByRole('combobox', { name: /Cash box/ }));
    expect(await screen.findByRole('option', { name: /Head office/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted).toEqual([{ method: 'cash', amount: 3450, cashBox: BOX, paymentMethod: null, reference: '' }]);
  });

  it("shows a card method's processing fee and sends the method by name, the only method chosen by itself", async () => {
    const posted = paymentApi();
    const user = userEvent.setup();
    renderWithProviders(<PaymentDialog invoice={invoice} opened onClose={() => {}} />);
    await user.click(await screen.findByRole('radio', { name: 'Card' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Card or online method/ })).toHaveValue('Mada'));
    // 2% of 34.50 = 0.69.
    expect(await screen.findByText('Processing fee 2%: SAR 0.69 (the patient still pays the full amount)')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Reference/ }), 'SLIP-88');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posted).toEqual([{ method: 'card', amount: 3450, cashBox: null, paymentMethod: 'Mada', reference: 'SLIP-88' }]));
  });

  it('shows why a cash refund is refused when the cash box does not hold the money, and stays open', async () => {
    const posted: unknown[] = [];
    const note = { _id: NOTE, invoice: INVOICE, number: 1, displayNumber: 'CLN-000001-CN-000001', amount: 3450, taxAmount: 450, refundedAmount: 0, reason: 'Cancelled', createdBy: null, createdAt: '2026-03-10T10:00:00Z' };
    const paid: InvoiceRecord = { ...invoice, status: 'paid', paidTotal: 3450, creditedTotal: 3450, balanceDue: -3450, creditNotes: [note] };
    const short = 'This cash box holds only 0.00 SAR: a cash refund cannot take out more cash than is in it. Refund by card or from another cash box';
    const onClose = vi.fn();
    mockFetch((url, init) => {
      if (url.pathname === `/api/invoices/${INVOICE}/refunds` && init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(409, { success: false, message: { code: 'CASH_BOX_SHORT', message: short } });
      }
      if (url.pathname === '/api/cash-boxes') {
        return jsonResponse(200, listOf([
          { _id: BOX, name: 'Front desk', clinic: { _id: CLINIC, name: 'Olaya Clinic' }, pic: null, location: null, currency: 'SAR', isActive: true, balance: 0, lastClosedOn: null },
        ]));
      }
      return jsonResponse(200, emptyList());
    }, { profile: {} });
    const user = userEvent.setup();
    renderWithProviders(<PaymentDialog invoice={paid} opened mode="refund" onClose={onClose} />);
    // The clinic's only cash box is chosen, with what it holds.
    await waitFor(() => expect((screen.getByRole('combobox', { name: /Cash box/ }) as HTMLInputElement).value).toMatch(/^Front desk · Olaya Clinic · SAR\s0\.00$/));
    await user.click(screen.getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent(short);
    expect(posted).toEqual([{ method: 'cash', amount: 3450, cashBox: BOX, paymentMethod: null, reference: '', creditNote: NOTE }]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
