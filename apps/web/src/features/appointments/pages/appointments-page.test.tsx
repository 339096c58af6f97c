import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyList, jsonResponse } from '@/test/mocks';
import { mockFetch, renderWithProviders, signIn } from '@/test/utils';
import AppointmentsPage from './appointments-page';

describe('appointments list', { timeout: 20_000 }, () => {
  it('opens in date order, newest first, and the date column says so', async () => {
    const requests: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/appointments') requests.push(url);
      return jsonResponse(200, emptyList());
    }, { profile: {} });
    signIn();
    renderWithProviders(<AppointmentsPage />, '/appointments', { route: '/appointments' });

    const table = await screen.findByTestId('appointments-table');
    const dateHeader = within(table).getAllByRole('columnheader').find((h) => h.textContent?.includes('Date'));
    expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({ sortBy: 'datetime', order: 'desc' });
  });
});
