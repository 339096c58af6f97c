import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { EncounterAllergies } from './encounter-allergies';

const unknown = { state: 'unknown', noKnownAllergies: null, allergies: [], toldAtRegistration: [] };

describe('the allergies of a visit', () => {
  it('are recorded from the visit itself: the banner opens the patient\'s allergies, and the new one names the visit', async () => {
    signIn({ permissions: ['clinical_read', 'clinical_write'] });
    const posted: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/patients/p1/allergies' && init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(201, { success: true, data: { _id: 'a1', substance: 'Penicillin', substanceKey: 'penicillin', type: 'allergy', reaction: null, severity: null, status: 'active', encounterId: 'e1', recordedBy: null, recordedAt: '2026-12-01T09:00:00Z', updatedAt: '2026-12-01T09:00:00Z', version: 1 } });
      }
      if (url.pathname === '/api/patients/p1/allergies') return jsonResponse(200, { success: true, data: unknown });
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    renderWithProviders(<EncounterAllergies patientId="p1" encounterId="e1" />);
    expect(await screen.findByText('Allergies not recorded: ask the patient')).toBeInTheDocument();
    await user.click(screen.getByTestId('encounter-allergies-open'));
    await user.click(await screen.findByTestId('allergy-add'));
    await user.type(screen.getByTestId('allergy-substance'), 'Penicillin');
    await user.click(screen.getByTestId('allergy-save'));
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ substance: 'Penicillin', encounterId: 'e1' })]));
  });

  it('offers nothing to change to someone who only reads the record', async () => {
    signIn({ permissions: ['clinical_read'] });
    mockFetch(() => jsonResponse(200, { success: true, data: unknown }));
    renderWithProviders(<EncounterAllergies patientId="p1" encounterId="e1" />);
    expect(await screen.findByText('Allergies not recorded: ask the patient')).toBeInTheDocument();
    expect(screen.queryByTestId('encounter-allergies-open')).toBeNull();
  });
});
