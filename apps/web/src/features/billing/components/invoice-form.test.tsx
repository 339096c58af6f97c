import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyList, invoiceRecord, jsonResponse, listOf, ok, olayaClinic, patientListItem } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import AddInvoicePage from '../pages/add-invoice-page';

const CLINIC = olayaClinic._id;
const PATIENT = '22222222-2222-4222-8222-222222222222';
const SERVICE = '33333333-3333-4333-8333-333333333333';
const INVOICE = '44444444-4444-4444-8444-444444444444';

function invoiceApi() {
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/billing/settings') {
      return jsonResponse(200, ok({ currency: 'SAR', minorDigits: 2, vatRateBasisPoints: 1500, vatRatePercent: 15, taxNumber: '300000000000003', version: 1 }));
    }
    if (url.pathname === '/api/clinics') return jsonResponse(200, listOf([olayaClinic]));
    if (url.pathname === '/api/patients') return jsonResponse(200, listOf([patientListItem({ _id: PATIENT, name: 'Sara Nasser', publicId: 'PAT-000001' })]));
    if (url.pathname === '/api/services') {
      return jsonResponse(200, listOf(url.searchParams.get('clinic') === CLINIC ? [{ _id: SERVICE, name: 'Consultation', price: 150, clinic: olayaClinic }] : []));
    }
    if (url.pathname === '/api/invoices' && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { success: true, message: 'Invoice draft created', data: invoiceRecord({ _id: INVOICE }) });
    }
    return jsonResponse(200, emptyList());
  }, { profile: {} });
  return posted;
}

const renderAddPage = () => renderWithProviders(<AddInvoicePage />, '/billing/invoices/add', { route: '/billing/invoices/add' });

describe('invoice form', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('names what is missing and sends nothing: the patient, the clinic, the service of a line, an item without a price', async () => {
    const posted = invoiceApi();
    const user = userEvent.setup();
    renderAddPage();
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    for (const message of ['Choose the patient', 'Choose the clinic', 'Choose the service of this line']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('radio', { name: 'Item' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Describe the item')).toBeInTheDocument();
    expect(await screen.findByText('Enter an amount of 0 or more in the smallest unit of the currency')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it("prices a service line from the service, estimates the VAT, and sends amounts in halalas", async () => {
    const posted = invoiceApi();
    const user = userEvent.setup();
    const { router } = renderAddPage();
    await user.click(await screen.findByRole('combobox', { name: /Patient/ }));
    await user.click(await screen.findByRole('option', { name: /Sara Nasser/ }));
    await user.click(screen.getByRole('combobox', { name: /Clinic/ }));
    await user.click(await screen.findByRole('option', { name: 'Olaya Clinic' }));
    const line = screen.getByTestId('invoice-line');
    await user.click(within(line).getByRole('combobox', { name: /Service/ }));
    await user.click(await screen.findByRole('option', { name: 'Consultation' }));
    expect(within(line).getByRole('textbox', { name: /Unit price/ })).toHaveValue('150');
    const quantity = within(line).getByRole('textbox', { name: /Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.type(within(line).getByRole('textbox', { name: /Discount/ }), '10.5');
    // 2 x 150.00 - 10.50 = 289.50, VAT 15% = 43.43 (rounded half up), total 332.93.
    const estimate = screen.getByTestId('invoice-estimate');
    await waitFor(() => expect(estimate).toHaveTextContent('Net SAR 289.50'));
    expect(estimate).toHaveTextContent('SAR 43.43');
    expect(estimate).toHaveTextContent('Total SAR 332.93');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/billing/invoices/details/${INVOICE}`));
    expect(posted).toEqual([{
      patient: PATIENT, clinic: CLINIC, doctor: null, applyInsurance: true, note: '',
      lines: [{ kind: 'service', service: SERVICE, quantity: 2, unitPrice: 15000, discount: 1050 }],
    }]);
  });
});
