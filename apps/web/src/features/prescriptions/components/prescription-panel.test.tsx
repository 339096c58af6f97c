import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Prescription } from '@clinic/shared';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { PrescriptionPanel } from './prescription-panel';

/** An issued prescription of another doctor's sensitive encounter, as the list answers it: there, without drugs. */
const masked: Prescription = {
  _id: 'rx1', number: 'RX-7Q2K', patient: { _id: 'p1', name: 'Rami', dateOfBirth: '1990-01-01' }, prescriber: { _id: 'e2', name: 'Dr. Nadia', licenseNumber: null },
  clinic: { _id: 'c1', name: 'Main' }, encounter: 'enc-7', language: 'en', status: 'issued', validDays: 30, issuedAt: '2026-11-20T09:00:00.000Z',
  validUntil: '2026-12-19', cancelledAt: null, cancelReason: '', verificationToken: null, items: [], acknowledgements: [], createdAt: '2026-11-20T09:00:00.000Z',
  version: 2, restricted: true,
};

afterEach(() => setLanguage('en'));

describe('a restricted prescription in the panel', () => {
  it('says it is restricted and opens its encounter, with nothing to print or cancel, in English and Arabic', async () => {
    mockFetch((url) => (url.pathname === '/api/patients/p1/prescriptions'
      ? jsonResponse(200, { success: true, data: [masked], pagination: { current_page: 1, items_per_page: 20, has_next_page: false, has_previous_page: false, total_items: 1, total_pages: 1, total_exact: true } })
      : jsonResponse(404, {})));
    signIn({ _id: 'e1', permissions: ['clinical_read', 'prescribe'] });
    const view = renderWithProviders(<PrescriptionPanel patientId="p1" />);
    const link = await screen.findByRole('link', { name: 'Restricted prescription — open the encounter with a reason to see it' });
    expect(link.getAttribute('href')).toBe('/encounters/enc-7');
    const row = screen.getByTestId('rx-row');
    expect(row).toHaveTextContent('RX-7Q2K');
    expect(within(row).queryByTestId('rx-print')).toBeNull();
    expect(within(row).queryByTestId('rx-cancel')).toBeNull();
    view.unmount();

    await setLanguage('ar');
    renderWithProviders(<PrescriptionPanel patientId="p1" />);
    expect(await screen.findByRole('link', { name: 'وصفة مقيّدة — افتح الزيارة مع ذكر السبب لرؤيتها' })).toBeInTheDocument();
  });
});
