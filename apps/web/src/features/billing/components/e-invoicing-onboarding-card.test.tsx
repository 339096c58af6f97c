import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EInvoiceSettingsView } from '@clinic/shared';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { EInvoicingOnboardingCard } from './e-invoicing-onboarding-card';

const on: EInvoiceSettingsView = {
  enabled: true, sellerName: 'مجموعة النور الطبية', vatNumber: '300234567800003', crn: null, street: null, buildingNumber: null, district: null, city: null, postalCode: null,
  phase: 1, certificate: null, environment: 'none', onboardingStatus: 'none', onboardedAt: null, version: 1,
};
const onboarded: EInvoiceSettingsView = {
  ...on, phase: 2, environment: 'simulation', onboardingStatus: 'onboarded', onboardedAt: '2026-11-29T06:00:00.000Z',
  certificate: { subject: 'CN=Clinic-300234567800003', validTo: '2027-11-29T06:00:00.000Z' }, version: 2,
};

function api(record: EInvoiceSettingsView, answer: () => Response) {
  const sent: Record<string, unknown>[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/e-invoicing/onboard') {
      sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return answer();
    }
    if (url.pathname === '/api/e-invoicing/settings') return jsonResponse(200, { success: true, data: record });
    if (url.pathname === '/api/e-invoicing/submissions') return jsonResponse(200, { success: true, data: [], pagination: { current_page: 1, items_per_page: 10, total_items: 0, total_pages: 0, has_next_page: false, has_previous_page: false, total_exact: true } });
    return jsonResponse(404, { success: false, message: { message: 'Not found', code: 'NOT_FOUND' } });
  });
  return sent;
}

describe('the ZATCA onboarding card', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn({ permissions: ['admin'] });
  });

  it('onboards with the chosen environment and OTP, then shows the company onboarded with its certificate\'s validity', async () => {
    const sent = api(on, () => jsonResponse(200, { success: true, message: 'Onboarded', data: onboarded }));
    const user = userEvent.setup();
    renderWithProviders(<EInvoicingOnboardingCard />);
    expect(await screen.findByTestId('e-invoicing-onboarding-status')).toHaveTextContent('Not onboarded');
    const button = screen.getByTestId('e-invoicing-onboard');
    await user.type(screen.getByTestId('e-invoicing-otp'), '12a34');
    expect(button).toBeDisabled();
    await user.type(screen.getByTestId('e-invoicing-otp'), '56');
    expect(screen.getByTestId('e-invoicing-otp')).toHaveValue('123456');
    await user.click(screen.getByRole('radio', { name: 'Production' }));
    await user.click(button);
    await waitFor(() => expect(sent).toEqual([{ otp: '123456', environment: 'production' }]));
    expect(await screen.findByTestId('e-invoicing-onboarding-status')).toHaveTextContent('Onboarded');
    expect(screen.getByTestId('e-invoicing-certificate-validity')).toHaveTextContent('2027');
    expect(screen.getByTestId('e-invoicing-onboard')).toHaveTextContent('Onboard again');
  });

  it('says which step the authority refused, in its own words', async () => {
    api(on, () => jsonResponse(422, {
      success: false, message: { message: 'ZATCA refused the request: The provided OTP is invalid or has expired', code: 'E_INVOICE_AUTHORITY_REFUSED', data: { step: 'compliance_csid' } },
    }));
    const user = userEvent.setup();
    renderWithProviders(<EInvoicingOnboardingCard />);
    await user.type(await screen.findByTestId('e-invoicing-otp'), '000000');
    await user.click(screen.getByTestId('e-invoicing-onboard'));
    const error = await screen.findByTestId('e-invoicing-onboarding-error');
    expect(error).toHaveTextContent('Compliance certificate: ZATCA refused the request: The provided OTP is invalid or has expired');
    expect(screen.getByTestId('e-invoicing-onboarding-status')).toHaveTextContent('Not onboarded');
  });

  it('asks to turn e-invoicing on first, in Arabic', async () => {
    await setLanguage('ar');
    api({ ...on, enabled: false }, () => jsonResponse(500, {}));
    renderWithProviders(<EInvoicingOnboardingCard />);
    expect(await screen.findByTestId('e-invoicing-onboarding-off')).toHaveTextContent('فعّل الفوترة الإلكترونية');
    expect(screen.getByTestId('e-invoicing-onboard')).toBeDisabled();
  });
});
