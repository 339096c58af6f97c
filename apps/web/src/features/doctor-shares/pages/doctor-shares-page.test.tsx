import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DoctorShareStatement } from '@clinic/shared';
import { todayIso } from '@/lib/dates';
import { drOmar, listOf, ok } from '@/test/mocks';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { novemberStatement, tieredRule, upcomingRule } from '../share-fixtures';
import DoctorSharesPage from './doctor-shares-page';

interface Sent { method: string; path: string; body: Record<string, unknown> | null }
/** The periods the statement was asked for, in order. */
let statementPeriods: string[] = [];

function api(statement: DoctorShareStatement, answers: { rule?: Response; payout?: Response } = {}) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, path: url.pathname, body: init.body ? JSON.parse(String(init.body)) as Record<string, unknown> : null });
    if (url.pathname === '/api/doctor-shares/doctors') return jsonResponse(200, ok([{ _id: drOmar._id, name: drOmar.name, rules: 2 }]));
    if (url.pathname === '/api/doctor-shares/rules' && method === 'POST') return answers.rule ?? jsonResponse(201, ok(upcomingRule));
    if (url.pathname === '/api/doctor-shares/rules') return jsonResponse(200, ok([upcomingRule, tieredRule]));
    if (url.pathname.startsWith('/api/doctor-shares/rules/')) return jsonResponse(200, { success: true, message: 'Share rule withdrawn.' });
    if (url.pathname === '/api/doctor-shares/statement') {
      statementPeriods.push(`${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
      return jsonResponse(200, ok(statement));
    }
    if (url.pathname === '/api/doctor-shares/payouts') return answers.payout ?? jsonResponse(422, errorBody('Check the fields', 'VALIDATION_FAILED', { amount: 'This is more than is left to pay for the period (SAR 72.00).' }));
    if (url.pathname === '/api/billing/settings') return jsonResponse(200, ok({ currency: 'SAR', vatRateBasisPoints: 1500 }));
    if (url.pathname === '/api/services') return jsonResponse(200, listOf([]));
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  });
  return sent;
}

describe("the doctors' share page", { timeout: 30_000 }, () => {
  beforeEach(async () => {
    statementPeriods = [];
    await setLanguage('en');
    signIn({ permissions: ['doctor_share_read_all', 'doctor_share_write', 'billing_read'] });
  });

  it("shows the doctor's rules and the statement: totals, the tier applied, a credit note as a negative share, the open amount", async () => {
    api(novemberStatement);
    renderWithProviders(<DoctorSharesPage />);
    const rules = await screen.findAllByTestId('share-rule-row');
    expect(rules[0]).toHaveTextContent('Consultation');
    expect(rules[0]).toHaveTextContent('Upcoming');
    expect(rules[1]).toHaveTextContent('All services');
    expect(rules[1]).toHaveTextContent('In effect');
    expect(rules[1]).toHaveTextContent('from visit 11: 40%');
    expect(await screen.findByTestId('share-total-share-value')).toHaveTextContent('SAR 72.00');
    expect(screen.getByTestId('share-total-balance-value')).toHaveTextContent('SAR 72.00');
    const entries = screen.getAllByTestId('share-entry');
    expect(within(entries[0]!).getByTestId('share-entry-rule')).toHaveTextContent('Tier 2: 40% (visit 12 of the month)');
    expect(entries[1]).toHaveTextContent('Credit note');
    expect(entries[1]).toHaveTextContent('-SAR 8.00');
    expect(within(entries[0]!).getByTestId('share-entry-invoice')).toHaveAttribute('href', '/billing/invoices/details/e0000000-0000-4000-8000-000000000001');
    expect(screen.getByTestId('share-open')).toHaveTextContent('3 entries (SAR 45.00) are not yet locked');
  });

  it('opens on this month, and last month is one click away (the month that is closed and paid early in the next)', async () => {
    api(novemberStatement);
    renderWithProviders(<DoctorSharesPage />);
    const today = todayIso();
    const first = `${today.slice(0, 8)}01`;
    await waitFor(() => expect(statementPeriods[0]?.startsWith(`${first}..`)).toBe(true));
    expect(screen.getByTestId('share-thisMonth')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByTestId('share-lastMonth'));
    const [y, m] = first.split('-').map(Number) as [number, number];
    const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const lastDay = new Date(Date.UTC(Number(previous.slice(0, 4)), Number(previous.slice(5)), 0)).getUTCDate();
    await waitFor(() => expect(statementPeriods.at(-1)).toBe(`${previous}-01..${previous}-${lastDay}`));
    expect(screen.getByTestId('share-lastMonth')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('share-thisMonth')).toHaveAttribute('aria-pressed', 'false');
  });

  it('adds a percent rule from today, and shows the refusal of a backdated one on its date', async () => {
    const sent = api(novemberStatement, {
      rule: jsonResponse(422, errorBody('Check the fields', 'VALIDATION_FAILED', { effectiveFrom: 'A rule takes effect today or later: it never changes visits already seen.' })),
    });
    const user = userEvent.setup();
    renderWithProviders(<DoctorSharesPage />);
    await user.click(await screen.findByTestId('add-share-rule'));
    await user.click(screen.getByTestId('share-rule-submit'));
    expect(sent).toHaveLength(0);
    await user.type(screen.getByTestId('share-rule-percent'), '35');
    await user.click(screen.getByTestId('share-rule-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'POST', path: '/api/doctor-shares/rules', body: { doctor: drOmar._id, service: null, kind: 'percent', percent: 35, effectiveFrom: todayIso(), note: '' } });
    expect(await screen.findByText('A rule takes effect today or later: it never changes visits already seen.')).toBeInTheDocument();
  });

  it('sends a fixed amount in minor units', async () => {
    const sent = api(novemberStatement);
    const user = userEvent.setup();
    renderWithProviders(<DoctorSharesPage />);
    await user.click(await screen.findByTestId('add-share-rule'));
    await user.click(within(screen.getByTestId('share-rule-kind')).getByText('Fixed amount'));
    await user.type(screen.getByTestId('share-rule-amount'), '50.5');
    await user.click(screen.getByTestId('share-rule-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ kind: 'fixed', fixedAmount: 5050 });
    expect(sent[0]!.body).not.toHaveProperty('percent');
  });

  it('withdraws an upcoming rule only once confirmed', async () => {
    const sent = api(novemberStatement);
    const user = userEvent.setup();
    renderWithProviders(<DoctorSharesPage />);
    const buttons = await screen.findAllByTestId('withdraw-share-rule');
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    expect(sent).toHaveLength(0);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: `/api/doctor-shares/rules/${upcomingRule._id}`, body: null }]));
  });

  it("records a payout prefilled with the balance, and shows the server's refusal on the amount", async () => {
    const sent = api(novemberStatement);
    const user = userEvent.setup();
    renderWithProviders(<DoctorSharesPage />);
    await user.click(await screen.findByTestId('record-share-payout'));
    expect(screen.getByTestId('share-payout-amount')).toHaveValue('72');
    await user.clear(screen.getByTestId('share-payout-amount'));
    await user.type(screen.getByTestId('share-payout-amount'), '80');
    await user.click(screen.getByTestId('share-payout-submit'));
    expect(await screen.findByText('This is more than is left to pay for the period (SAR 72.00).')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(screen.getByTestId('share-payout-amount'));
    await user.type(screen.getByTestId('share-payout-amount'), '70');
    await user.click(within(screen.getByTestId('share-payout-method')).getByText('Bank transfer'));
    await user.type(screen.getByTestId('share-payout-reference'), 'TRX-88');
    await user.click(screen.getByTestId('share-payout-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ doctor: drOmar._id, amount: 7000, method: 'transfer', reference: 'TRX-88' });
    expect(await screen.findByText('This is more than is left to pay for the period (SAR 72.00).')).toBeInTheDocument();
  });
});
