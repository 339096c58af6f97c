import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyList, jsonResponse, listOf } from '@/test/mocks';
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

  it('lists one clinic\'s day when the address names them (the dashboard\'s agenda links so), the clinic shown as a filter', async () => {
    const clinic = { _id: '11111111-1111-4111-8111-111111111111', name: 'Olaya Clinic', publicId: 'CLN-000001' };
    const requests: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/appointments') requests.push(url);
      if (url.pathname === '/api/clinics') return jsonResponse(200, listOf([clinic]));
      return jsonResponse(200, emptyList());
    }, { profile: {} });
    signIn();
    renderWithProviders(<AppointmentsPage />, `/appointments?date=2026-03-10&clinic=${clinic._id}&sortBy=datetime&order=asc`, { route: '/appointments' });

    await screen.findByTestId('appointments-table');
    await waitFor(() => expect(Object.fromEntries(requests.at(-1)!.searchParams)).toMatchObject({ date: '2026-03-10', clinic: clinic._id, sortBy: 'datetime', order: 'asc' }));
    expect(await screen.findByDisplayValue('Olaya Clinic')).toBeInTheDocument();
  });

  it('ignores a clinic in the address that is no record id', async () => {
    const requests: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/appointments') requests.push(url);
      return jsonResponse(200, emptyList());
    }, { profile: {} });
    signIn();
    renderWithProviders(<AppointmentsPage />, '/appointments?clinic=olaya', { route: '/appointments' });
    await screen.findByTestId('appointments-table');
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(requests.at(-1)!.searchParams.has('clinic')).toBe(false);
  });
});
