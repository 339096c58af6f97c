import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CashBoxClose, CashBoxSummary } from '@clinic/shared';
import { emptyList, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { CashBoxCloseDialog } from './cash-box-close-dialog';
import { CloseDayButton } from './close-day-button';

const BOX = '55555555-5555-4555-8555-555555555555';
const box: CashBoxSummary = {
  _id: BOX, name: 'Front desk', clinic: { _id: 'c1', name: 'Olaya Clinic' }, pic: null, location: null, currency: 'SAR', isActive: true, balance: 50000, lastClosedOn: null,
};

function closeApi() {
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === `/api/cash-boxes/${BOX}/close` && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { success: true, message: 'Closed', data: {} });
    }
    return jsonResponse(200, emptyList());
  }, { profile: {} });
  return posted;
}

describe('cash box day close', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('says what shortfall will be recorded and closes only with a reason and an explicit confirmation', async () => {
    const posted = closeApi();
    const user = userEvent.setup();
    renderWithProviders(<CashBoxCloseDialog box={box} opened onClose={() => {}} />);
    await user.type(await screen.findByRole('textbox', { name: /Counted cash/ }), '480');
    expect(await screen.findByTestId('close-difference')).toHaveTextContent('Counted SAR 480.00, expected SAR 500.00: a shortfall of SAR 20.00 will be recorded.');
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    expect(await screen.findByText('Say why the counted cash differs from the expected')).toBeInTheDocument();
    expect(screen.getByText('Confirm the difference to close the day')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Reason for the difference/ }), 'A refund paid from the till');
    await user.click(screen.getByRole('checkbox', { name: /confirm this difference/ }));
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    await waitFor(() => expect(posted).toEqual([{ counted: 48000, note: 'A refund paid from the till' }]));
  });

  it('closes a matching count without a confirmation', async () => {
    const posted = closeApi();
    const user = userEvent.setup();
    renderWithProviders(<CashBoxCloseDialog box={box} opened onClose={() => {}} />);
    await user.type(await screen.findByRole('textbox', { name: /Counted cash/ }), '500');
    expect(await screen.findByTestId('close-difference')).toHaveTextContent('The counted cash matches the expected.');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    await waitFor(() => expect(posted).toEqual([{ counted: 50000, note: '' }]));
  });

  it('writes the currency beside the counted cash as the amounts around it do, in Arabic its symbol', async () => {
    closeApi();
    await setLanguage('ar');
    renderWithProviders(<CashBoxCloseDialog box={box} opened onClose={() => {}} />);
    await screen.findByRole('textbox', { name: /النقد المعدود/ });
    expect(screen.getByText('ر.س.')).toBeInTheDocument();
    expect(screen.queryByText('SAR')).not.toBeInTheDocument();
  });

  it('disables "Close the day" once the day is closed, saying when and by whom, and offers its report', async () => {
    closeApi();
    const closedAt = new Date(2026, 10, 27, 18, 2).toISOString();
    const closed: CashBoxClose = { _id: 'z1', date: '2026-11-27', expected: 50000, counted: 48000, difference: -2000, note: '', closedBy: { _id: 'u1', name: 'Huda Saleh' }, closedAt };
    renderWithProviders(<CloseDayButton boxId={BOX} closedToday={closed} loading={false} onClose={() => {}} />);
    expect(await screen.findByTestId('cash-box-close')).toBeDisabled();
    expect(screen.getByTestId('cash-box-closed-at')).toHaveTextContent('Closed at 18:02 by Huda Saleh');
    expect(screen.getByTestId('cash-box-z-report')).toHaveAttribute('href', `/print/cash-box-close/${BOX}/z1`);
  });

  it('keeps "Close the day" enabled while the day is open', async () => {
    closeApi();
    renderWithProviders(<CloseDayButton boxId={BOX} closedToday={null} loading={false} onClose={() => {}} />);
    expect(await screen.findByTestId('cash-box-close')).toBeEnabled();
    expect(screen.queryByTestId('cash-box-closed-at')).not.toBeInTheDocument();
  });
});
