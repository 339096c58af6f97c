import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WaitlistRecord } from '@clinic/shared';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { listOf } from '@/test/mocks';
import WaitlistPage from './waitlist-page';

const entry = (n: number): WaitlistRecord => ({
  _id: `e${n}`, publicId: `WL-${String(n).padStart(6, '0')}`, patient: { _id: `p${n}`, name: `Patient ${n}` }, service: { _id: 's1', name: 'Dialysis' },
  clinic: { _id: 'c1', name: 'Olaya' }, doctor: null, fromDate: null, toDate: null, weekdays: [], timeFrom: null, timeTo: null, priority: 0, note: '',
  status: 'open', appointment: null, waitingDays: n, createdAt: '2026-03-01T08:00:00.000Z', version: 1,
});

/** Twelve open entries, answered a page at a time as the server does. */
function api() {
  const reads: string[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/waitlist') {
      reads.push(url.search);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const all = Array.from({ length: 12 }, (_, i) => entry(i + 1));
      return jsonResponse(200, listOf(all.slice((page - 1) * limit, page * limit), {
        current_page: page, items_per_page: limit, total_items: 12, total_pages: Math.ceil(12 / limit), has_next_page: page * limit < 12, has_previous_page: page > 1,
      }));
    }
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  }, { profile: {} });
  return { reads };
}

describe('the waitlist page', () => {
  beforeEach(async () => {
    signIn();
    await setLanguage('en');
  });

  it('shows the waiting patients a page at a time, with the total, and turns to the next page', async () => {
    const { reads } = api();
    renderWithProviders(<WaitlistPage />);
    await waitFor(() => expect(screen.getAllByTestId('waitlist-row')).toHaveLength(10));
    expect(screen.getByText('Showing 1–10 of 12')).toBeInTheDocument();
    // Each waiting patient says at which clinic they wait.
    expect(screen.getByRole('columnheader', { name: 'Clinic' })).toBeInTheDocument();
    expect(within(screen.getAllByTestId('waitlist-row')[0]!).getByTestId('waitlist-clinic')).toHaveTextContent('Olaya');
    expect(reads[0]).toContain('page=1');
    expect(reads[0]).toContain('limit=10');

    await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('waitlist-row')).toHaveLength(2));
    expect(screen.getByText('Patient 12')).toBeInTheDocument();
    expect(screen.getByText('Showing 11–12 of 12')).toBeInTheDocument();
    expect(reads.at(-1)).toContain('page=2');
  });
});
