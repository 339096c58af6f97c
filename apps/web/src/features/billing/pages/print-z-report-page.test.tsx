import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CashBoxCloseReport } from '@clinic/shared';
import { setDisplay } from '@/lib/format/display';
import { demoUser } from '@/test/mocks';
import { emptyList, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import PrintZReceiptPage from './print-z-receipt-page';
import PrintZReportPage from './print-z-report-page';

const BOX = '55555555-5555-4555-8555-555555555555';
const CLOSE = '66666666-6666-4666-8666-666666666666';
const report: CashBoxCloseReport = {
  box: { _id: BOX, name: 'Front desk', clinic: { _id: 'c1', name: 'Olaya Clinic' }, pic: null, location: null, currency: 'SAR', isActive: true, balance: 48000, lastClosedOn: '2026-11-27' },
  close: { _id: CLOSE, date: '2026-11-27', expected: 50000, counted: 48000, difference: -2000, note: 'Change given twice', closedBy: { _id: 'u1', name: 'Huda Saleh' }, closedAt: new Date(2026, 10, 27, 18, 2).toISOString() },
  opening: 10000, cashIn: 45000, cashOut: -5000, movements: 9,
};

function reportApi(preferences = demoUser.preferences) {
  mockFetch((url) => {
    if (url.pathname === `/api/cash-boxes/${BOX}/closes/${CLOSE}`) return jsonResponse(200, { success: true, data: report });
    return jsonResponse(200, emptyList());
  }, { profile: { preferences } });
}

const row = (testId: string, key: string) => within(screen.getByTestId(testId)).getAllByRole('row').find((r) => r.getAttribute('data-row') === key);

describe('day-close (Z) report', { timeout: 30_000 }, () => {
  beforeEach(() => signIn());
  afterEach(() => setDisplay({ hijriMode: 'off', digits: 'latn' }));

  it('prints the day on A4: box, clinic, day, opening, cash in and out, expected, counted, difference, who closed it and when', async () => {
    await setLanguage('en');
    reportApi();
    renderWithProviders(<PrintZReportPage />, `/print/cash-box-close/${BOX}/${CLOSE}`, { route: '/print/cash-box-close/:box/:id' });
    expect(await screen.findByTestId('z-report-title')).toHaveTextContent('Day-close report');
    expect(row('z-report-heading', 'box')).toHaveTextContent('Front desk');
    expect(row('z-report-heading', 'clinic')).toHaveTextContent('Olaya Clinic');
    expect(row('z-report-heading', 'day')).toHaveTextContent('Nov 27, 2026');
    expect(row('z-report-rows', 'opening')).toHaveTextContent('SAR 100.00');
    expect(row('z-report-rows', 'in')).toHaveTextContent('SAR 450.00');
    expect(row('z-report-rows', 'out')).toHaveTextContent('-SAR 50.00');
    expect(row('z-report-rows', 'expected')).toHaveTextContent('SAR 500.00');
    expect(row('z-report-rows', 'counted')).toHaveTextContent('SAR 480.00');
    expect(row('z-report-rows', 'difference')).toHaveTextContent('-SAR 20.00');
    expect(row('z-report-closing', 'by')).toHaveTextContent('Huda Saleh');
    expect(row('z-report-closing', 'at')).toHaveTextContent('18:02');
    expect(row('z-report-closing', 'note')).toHaveTextContent('Change given twice');
  });

  it('prints the 80 mm receipt in Arabic with the user\'s Arabic-Indic digits and a 24-hour time', async () => {
    await setLanguage('ar');
    const preferences = { ...demoUser.preferences, digits: 'arab' as const };
    signIn({ preferences });
    reportApi(preferences);
    renderWithProviders(<PrintZReceiptPage />, `/print/cash-box-close-receipt/${BOX}/${CLOSE}`, { route: '/print/cash-box-close-receipt/:box/:id' });
    expect(await screen.findByTestId('z-report-title')).toHaveTextContent('تقرير إقفال اليوم');
    await waitFor(() => expect(row('z-report-rows', 'counted')).toHaveTextContent('٤٨٠٫٠٠'));
    expect(row('z-report-closing', 'at')).toHaveTextContent('١٨:٠٢');
  });
});
