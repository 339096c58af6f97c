import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EInvoiceSettingsView } from '@clinic/shared';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import EInvoicingPage from './e-invoicing-page';

const off: EInvoiceSettingsView = {
  enabled: false, sellerName: '', vatNumber: '', crn: null, street: null, buildingNumber: null, district: null, city: null, postalCode: null,
  phase: 1, certificate: null, environment: 'none', onboardingStatus: 'none', onboardedAt: null, version: 1,
};

function api(record: EInvoiceSettingsView) {
  const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/e-invoicing/settings' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push({ path: url.pathname, body });
      return jsonResponse(200, { success: true, message: 'Saved', data: { ...record, ...body, phase: 1, certificate: null, version: 2 } });
    }
    if (url.pathname === '/api/e-invoicing/stamp') {
      sent.push({ path: url.pathname, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return jsonResponse(422, { success: false, message: { message: 'Check the fields', code: 'VALIDATION_FAILED', fields: { privateKey: 'This is not a private key on the secp256k1 curve (PEM), or the certificate does not belong to it.' } } });
    }
    if (url.pathname === '/api/e-invoicing/settings') return jsonResponse(200, { success: true, data: record });
    return jsonResponse(404, { success: false, message: { message: 'Not found', code: 'NOT_FOUND' } });
  });
  return sent;
}

describe('the e-invoicing page', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn({ permissions: ['admin'] });
  });

  it('turns e-invoicing on with the seller as registered, and says when the VAT number is not a Saudi one', async () => {
    const sent = api(off);
    const user = userEvent.setup();
    renderWithProviders(<EInvoicingPage />);
    expect(await screen.findByTestId('e-invoicing-state')).toHaveTextContent('Off');
    await user.click(screen.getByTestId('e-invoicing-enabled'));
    await user.type(screen.getByTestId('e-invoicing-seller'), 'مجموعة النور الطبية');
    await user.type(screen.getByTestId('e-invoicing-vat'), '123456789012345');
    await user.click(screen.getByTestId('e-invoicing-save'));
    expect(await screen.findByText('Enter the 15-digit VAT number: it starts and ends with 3.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(screen.getByTestId('e-invoicing-vat'));
    await user.type(screen.getByTestId('e-invoicing-vat'), '300234567800003');
    await user.click(screen.getByTestId('e-invoicing-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ enabled: true, sellerName: 'مجموعة النور الطبية', vatNumber: '300234567800003', crn: null, postalCode: null });
    expect(await screen.findByTestId('e-invoicing-state')).toHaveTextContent('On');
  });

  it('shows the server\'s word on a stamp key that is not one, beside the key', async () => {
    const sent = api({ ...off, enabled: true, sellerName: 'مجموعة النور الطبية', vatNumber: '300234567800003' });
    const user = userEvent.setup();
    renderWithProviders(<EInvoicingPage />);
    await user.type(await screen.findByTestId('e-invoicing-key'), 'not a key');
    await user.click(screen.getByTestId('e-invoicing-stamp-save'));
    expect(await screen.findByTestId('e-invoicing-stamp-error')).toHaveTextContent('secp256k1');
    expect(sent.at(-1)).toMatchObject({ path: '/api/e-invoicing/stamp', body: { privateKey: 'not a key', certificate: null } });
  });

  it('lets a reader see the settings without changing them, and hides the stamp', async () => {
    signIn({ permissions: ['billing_read'] });
    api({ ...off, enabled: true, sellerName: 'مجموعة النور الطبية', vatNumber: '300234567800003' });
    renderWithProviders(<EInvoicingPage />);
    expect(await screen.findByTestId('e-invoicing-state')).toHaveTextContent('On');
    expect(screen.queryByTestId('e-invoicing-save')).toBeNull();
    expect(screen.queryByTestId('e-invoicing-stamp')).toBeNull();
  });
});
