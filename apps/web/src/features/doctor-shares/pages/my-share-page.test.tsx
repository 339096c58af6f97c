import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { drOmar, ok } from '@/test/mocks';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { novemberStatement } from '../share-fixtures';
import MySharePage from './my-share-page';
import PrintDoctorSharePage from './print-doctor-share-page';

function api(doctors: Array<{ _id: string; name: string; rules: number }>) {
  const asked: string[] = [];
  mockFetch((url) => {
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/doctor-shares/doctors') return jsonResponse(200, ok(doctors));
    if (url.pathname === '/api/doctor-shares/statement') return jsonResponse(200, ok(novemberStatement));
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  });
  return asked;
}

describe('my share', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it("shows a doctor their own statement without rules or payout controls", async () => {
    signIn({ _id: drOmar._id, permissions: ['my_day'] });
    const asked = api([{ _id: drOmar._id, name: drOmar.name, rules: 1 }]);
    renderWithProviders(<MySharePage />);
    expect(await screen.findByTestId('share-total-share-value')).toHaveTextContent('SAR 72.00');
    expect(screen.queryByTestId('share-rules')).not.toBeInTheDocument();
    expect(screen.queryByTestId('record-share-payout')).not.toBeInTheDocument();
    // Without billing_read the invoice numbers are not links.
    expect(screen.queryByTestId('share-entry-invoice')).not.toBeInTheDocument();
    expect(asked.some((a) => a.startsWith(`/api/doctor-shares/statement?doctor=${drOmar._id}&from=`))).toBe(true);
    expect(asked.some((a) => a.startsWith('/api/doctor-shares/rules'))).toBe(false);
  });

  it('tells a user who is not a doctor that shares are for doctors', async () => {
    signIn({ permissions: ['my_day'] });
    api([]);
    renderWithProviders(<MySharePage />);
    expect(await screen.findByText('Only doctors have a share')).toBeInTheDocument();
  });

  it('counts the open entries with the Arabic plural', async () => {
    await setLanguage('ar');
    signIn({ _id: drOmar._id, permissions: ['my_day'] });
    api([{ _id: drOmar._id, name: drOmar.name, rules: 1 }]);
    renderWithProviders(<MySharePage />);
    expect(await screen.findByTestId('share-open')).toHaveTextContent('3 قيود');
  });
});

describe("the printed doctor's share statement", { timeout: 30_000 }, () => {
  it('prints in Arabic, right to left, with entries, totals and signature lines', async () => {
    await setLanguage('ar');
    signIn({ _id: drOmar._id, permissions: ['my_day'] });
    api([]);
    renderWithProviders(<PrintDoctorSharePage />, `/print/doctor-share?doctor=${drOmar._id}&from=2026-11-01&to=2026-11-30`, { route: '/print/doctor-share' });
    expect(await screen.findByTestId('print-share-title')).toHaveTextContent('كشف حصة الطبيب');
    expect(screen.getByTestId('print-doctor-share')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByTestId('print-share-entries')).toHaveTextContent('من الزيارة 11');
    expect(screen.getByTestId('print-share-entries')).toHaveTextContent('(الزيارة 12 في الشهر)');
    expect(screen.getByTestId('print-share-totals')).toHaveTextContent('الرصيد');
    expect(screen.getByText('استلمه (الطبيب)')).toBeInTheDocument();
  });
});
