import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { emptyList, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { EInvoiceMark, eInvoiceTitle } from './e-invoice-mark';

// The QR payload of a phase 1 invoice: seller, VAT number, time stamp, total, VAT (base64 TLV).
const QR = 'ARPZhdis2YXZiNi52Kkg2KfZhNmG2YjYsQIPMzAwMjM0NTY3ODAwMDAzAxMyMDI2LTExLTI5VDA5OjE1OjMwBAYyMzAuMDAFBTMwLjAw';
const eInvoice = { uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be', icv: 7, hash: 'h', signed: false, qr: QR };

describe('the e-invoice on a printout', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signIn();
    mockFetch(() => jsonResponse(200, emptyList()));
  });

  it('titles the invoice in Arabic as ZATCA asks, with the page\'s language beside it', async () => {
    await setLanguage('en');
    expect(eInvoiceTitle(i18n.t.bind(i18n), 'en')).toBe('Simplified Tax Invoice · فاتورة ضريبية مبسطة');
    await setLanguage('ar');
    expect(eInvoiceTitle(i18n.t.bind(i18n), 'ar')).toBe('فاتورة ضريبية مبسطة');
  });

  it('shows the QR code of the recorded payload and the invoice counter', async () => {
    await setLanguage('en');
    renderWithProviders(<EInvoiceMark eInvoice={eInvoice} />);
    const img = await screen.findByTestId('e-invoice-qr');
    expect(img.getAttribute('alt')).toBe('ZATCA QR code of this invoice');
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await waitFor(() => expect(screen.getByText('Invoice counter 7')).toBeInTheDocument());
    expect(screen.getByText(`UUID ${eInvoice.uuid}`)).toBeInTheDocument();
  });
});
