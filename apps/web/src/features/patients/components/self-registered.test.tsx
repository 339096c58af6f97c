import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, listOf, patientListItem } from '@/test/mocks';
import { mockFetch, renderWithProviders, signIn } from '@/test/utils';
import PatientsPage from '../pages/patients-page';

const online = patientListItem({ _id: 'p-9', publicId: 'PAT-000009', name: 'Amal Online', identity: '', incomplete: true, selfRegistered: true });

describe('patients who registered online', { timeout: 20_000 }, () => {
  it('are marked in the list, counted on their filter, and the filter asks the server for them only', async () => {
    const requests: URL[] = [];
    mockFetch((url) => {
      requests.push(url);
      return jsonResponse(200, url.searchParams.get('selfRegistered') === 'true' ? listOf([online]) : listOf([online, patientListItem()]));
    }, { profile: {} });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<PatientsPage />, '/patients', { route: '/patients' });
    const filter = await screen.findByTestId('self-registered-filter');
    await waitFor(() => expect(within(filter).getByTestId('self-registered-count')).toHaveTextContent('1'));
    expect(filter).toHaveAccessibleName('Self-registered: 1 patient registered online');
    const [, first, second] = within(await screen.findByTestId('patients-table')).getAllByRole('row');
    expect(within(first as HTMLElement).getByTestId('patient-self-registered')).toHaveTextContent('Self-registered online');
    expect(within(second as HTMLElement).queryByTestId('patient-self-registered')).toBeNull();
    await user.click(filter);
    await waitFor(() => expect(filter).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(requests.some((u) => u.searchParams.get('selfRegistered') === 'true' && u.searchParams.get('limit') === '10')).toBe(true));
  });
});
