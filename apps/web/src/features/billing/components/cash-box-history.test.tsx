import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CashBoxDetails, CashBoxTransaction } from '@clinic/shared';
import { emptyList, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { CashBoxTransactions } from './cash-box-history';

const payment: CashBoxTransaction = {
  _id: 't1', kind: 'payment', amount: 11500, balanceAfter: 11500, invoice: 'i1', invoiceNumber: 'CLN-000001-000011', payment: 'p1',
  description: '', createdBy: { _id: 'u1', name: 'Huda Saleh' }, createdAt: '2026-11-27T09:00:00Z',
};
const box: CashBoxDetails = {
  _id: 'b1', name: 'Front desk', clinic: null, pic: null, location: null, currency: 'SAR', isActive: true, balance: 11500, lastClosedOn: null,
  transactions: [payment], closes: [], closedToday: null,
};

describe('cash box transactions', () => {
  beforeEach(() => {
    mockFetch(() => jsonResponse(200, emptyList()), { profile: {} });
    signIn();
  });

  it('keeps an invoice number whole and left to right inside the Arabic description', async () => {
    await setLanguage('ar');
    renderWithProviders(<CashBoxTransactions box={box} />);
    const number = await screen.findByText('CLN-000001-000011');
    expect(number.tagName).toBe('BDI');
    expect(number).toHaveAttribute('dir', 'ltr');
    expect(number).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(number.parentElement).toHaveTextContent('دفعة الفاتورة CLN-000001-000011');
  });

  it('writes the description in English around the same number', async () => {
    await setLanguage('en');
    renderWithProviders(<CashBoxTransactions box={box} />);
    expect((await screen.findByText('CLN-000001-000011')).parentElement).toHaveTextContent('Payment of invoice CLN-000001-000011');
  });
});
