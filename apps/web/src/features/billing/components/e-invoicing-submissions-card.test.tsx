import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EInvoiceSubmissionRecord } from '@clinic/shared';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { EInvoicingSubmissionsCard } from './e-invoicing-submissions-card';

const base: EInvoiceSubmissionRecord = {
  _id: 's1', document: { kind: 'invoice', _id: 'i1', displayNumber: 'INV-000041' }, icv: 41, mode: 'reporting', status: 'reported', attempts: 1, messages: [],
  lastError: null, submittedAt: '2026-11-29T06:00:00.000Z', createdAt: '2026-11-29T06:00:00.000Z', version: 2,
};
const rejected: EInvoiceSubmissionRecord = {
  ...base, _id: 's2', document: { kind: 'credit_note', _id: 'c1', displayNumber: 'CN-000007' }, icv: 42, status: 'rejected',
  messages: [{ type: 'error', code: 'BR-KSA-37', message: 'The building number must contain 4 digits.' }], version: 2,
};

const page = (rows: EInvoiceSubmissionRecord[]) => jsonResponse(200, {
  success: true, data: rows, pagination: { current_page: 1, items_per_page: 10, total_items: rows.length, total_pages: 1, has_next_page: false, has_previous_page: false, total_exact: true },
});

function api() {
  const queries: string[] = [];
  const retried: string[] = [];
  let rows = [rejected, base];
  mockFetch((url, init) => {
    const retry = /^\/api\/e-invoicing\/submissions\/(\w+)\/retry$/.exec(url.pathname);
    if (retry && init.method === 'POST') {
      retried.push(retry[1]!);
      rows = rows.map((r) => (r._id === retry[1] ? { ...r, status: 'pending' as const, messages: [], version: 3 } : r));
      return jsonResponse(200, { success: true, message: 'The document will be sent again now.', data: rows[0] });
    }
    if (url.pathname === '/api/e-invoicing/submissions') {
      queries.push(url.search);
      const status = url.searchParams.get('status');
      return page(status ? rows.filter((r) => r.status === status) : rows);
    }
    return jsonResponse(404, { success: false, message: { message: 'Not found', code: 'NOT_FOUND' } });
  });
  return { queries, retried };
}

describe('the submissions table', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn({ permissions: ['billing_read', 'billing_write'] });
  });

  it('shows each document\'s status and the authority\'s messages, and sends a rejected one again', async () => {
    const { retried } = api();
    const user = userEvent.setup();
    renderWithProviders(<EInvoicingSubmissionsCard />);
    const statuses = await screen.findAllByTestId('submission-status');
    expect(statuses.map((s) => s.textContent)).toEqual(['Rejected', 'Reported']);
    expect(screen.getAllByTestId('submission-messages')[0]).toHaveTextContent('BR-KSA-37: The building number must contain 4 digits.');
    expect(screen.getByText('CN-000007')).toBeInTheDocument();
    // Only the rejected one can be sent again.
    const buttons = screen.getAllByTestId('submission-retry');
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    await waitFor(() => expect(retried).toEqual(['s2']));
    await waitFor(() => expect(screen.getAllByTestId('submission-status').map((s) => s.textContent)).toEqual(['Pending', 'Reported']));
    expect(screen.queryByTestId('submission-retry')).toBeNull();
  });

  it('filters by status', async () => {
    const { queries } = api();
    const user = userEvent.setup();
    renderWithProviders(<EInvoicingSubmissionsCard />);
    await screen.findAllByTestId('submission-status');
    await user.click(screen.getByTestId('submission-filter'));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() => expect(queries.at(-1)).toContain('status=rejected'));
    await waitFor(() => expect(screen.getAllByTestId('submission-status').map((s) => s.textContent)).toEqual(['Rejected']));
  });

  it('says in Arabic when nothing was sent yet', async () => {
    await setLanguage('ar');
    mockFetch(() => page([]));
    renderWithProviders(<EInvoicingSubmissionsCard />);
    expect(await screen.findByText('لم يُرسل شيء بعد')).toBeInTheDocument();
  });

  it('lets a reader see the documents without a Send again button', async () => {
    signIn({ permissions: ['billing_read'] });
    api();
    renderWithProviders(<EInvoicingSubmissionsCard />);
    expect(within((await screen.findAllByTestId('submission-status'))[0]!).getByText('Rejected')).toBeInTheDocument();
    expect(screen.queryByTestId('submission-retry')).toBeNull();
  });
});
