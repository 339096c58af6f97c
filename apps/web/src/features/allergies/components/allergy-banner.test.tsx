import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AllergyState } from '@clinic/shared';
import { jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { AllergyBanner } from './allergy-banner';

const allergy = { _id: 'a1', substance: 'Penicillin', substanceKey: 'penicillin', type: 'allergy', reaction: 'Hives', severity: 'severe', status: 'active', encounterId: null, recordedBy: null, recordedAt: '2026-01-01T09:00:00Z', updatedAt: '2026-01-01T09:00:00Z', version: 1 } as const;

function answer(data: AllergyState | null) {
  signIn();
  mockFetch(() => (data ? jsonResponse(200, { success: true, data }) : jsonResponse(500, { success: false, message: { code: 'INTERNAL', message: 'x' } })));
  renderWithProviders(<AllergyBanner patientId="p1" />);
}

describe('the allergy banner is never blank', () => {
  it('is red with the active substances and their severity', async () => {
    answer({ state: 'allergies', noKnownAllergies: null, allergies: [allergy, { ...allergy, _id: 'a2', substance: 'Latex', status: 'resolved', severity: null }], toldAtRegistration: [] });
    await screen.findByText('Penicillin (Severe)');
    const banner = screen.getByTestId('allergy-banner');
    expect(banner).toHaveAttribute('data-state', 'allergies');
    expect(banner).not.toHaveTextContent('Latex');
  });

  it('says "No known allergies" with who recorded it', async () => {
    answer({ state: 'none', noKnownAllergies: { recordedAt: '2026-01-01T09:00:00Z', recordedBy: { _id: 'e1', name: 'Dr. Omar' } }, allergies: [], toldAtRegistration: [] });
    expect(await screen.findByText('No known allergies')).toBeInTheDocument();
    expect(screen.getByTestId('allergy-banner')).toHaveTextContent('Dr. Omar');
  });

  it('is amber "not recorded" when nobody asked', async () => {
    answer({ state: 'unknown', noKnownAllergies: null, allergies: [], toldAtRegistration: [] });
    expect(await screen.findByText('Allergies not recorded: ask the patient')).toBeInTheDocument();
  });

  it('says what the patient told the desk at registration and nobody confirmed, whatever the state', async () => {
    answer({ state: 'unknown', noKnownAllergies: null, allergies: [], toldAtRegistration: ['Ibuprofen', 'Pollen'] });
    expect(await screen.findByText('Allergies not recorded: ask the patient')).toBeInTheDocument();
    expect(screen.getByTestId('allergy-banner-told')).toHaveTextContent('Told the desk at registration, not confirmed: Ibuprofen, Pollen');
  });

  it('says it could not load rather than showing nothing', async () => {
    answer(null);
    expect(await screen.findByText('Allergies could not be loaded: check before prescribing')).toBeInTheDocument();
  });
});
