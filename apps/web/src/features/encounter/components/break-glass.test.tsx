import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { EncounterDetails, PatientMedicationRecord } from '@clinic/shared';
import { MedicationList } from '@/features/medications';
import { listOf } from '@/test/mocks';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn, testQueryClient } from '@/test/utils';
import { BreakGlass } from './break-glass';

const opened: EncounterDetails = {
  _id: 'enc-7', kind: 'visit', status: 'open', appointmentId: null, patient: { _id: 'p1', name: 'Rami' }, doctor: { _id: 'd2', name: 'Dr. Nadia' },
  clinic: null, openedAt: '2026-11-20T09:00:00.000Z', signedAt: null, patientBirthDate: null, patientGender: null, reason: null,
  note: {
    content: {}, template: { templateId: null, name: { en: 'SOAP', ar: 'SOAP' }, sections: [] }, sensitive: true, version: 2,
    updatedAt: '2026-11-20T09:00:00.000Z', updatedBy: null, signedAt: null, signedBy: null,
  },
  addenda: [], diagnoses: [],
};

const medication = (over: Partial<PatientMedicationRecord>): PatientMedicationRecord => ({
  _id: 'm1', patient: 'p1', medication: null, name: '', nameAr: '', genericName: '', strength: '', form: '', dose: null, unit: null, route: 'oral',
  frequency: 'BID', startDate: '2026-11-20', endDate: null, notes: '', status: 'active', statusReason: '', statusChangedBy: null, statusChangedAt: null,
  source: 'prescription', prescription: 'rx1', encounter: 'enc-7', createdBy: null, createdAt: '2026-11-20T09:00:00.000Z', version: 1, ...over,
});

afterEach(() => setLanguage('en'));

describe('breaking the glass', () => {
  it('opens the note with the reason, then reads the patient\'s lists again: what the grant now shows replaces the restricted rows', async () => {
    await setLanguage('en');
    let granted = false;
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/encounters/enc-7/break-glass') {
        sent.push(JSON.parse(String(init.body)));
        granted = true;
        return jsonResponse(200, { success: true, data: opened });
      }
      if (url.pathname === '/api/patients/p1/medications') {
        return jsonResponse(200, listOf([granted ? medication({ name: 'Retrozid', strength: '300 mg', dose: 1, unit: 'tablet' }) : medication({ restricted: true })]));
      }
      return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
    }, { profile: { permissions: ['clinical_read'] } });
    signIn({ permissions: ['clinical_read'] });
    const queryClient = testQueryClient();
    // The other lists of the patient (and of another patient) as they were read before the reason.
    const keys = [
      ['chart', 'p1', { kinds: [], from: null, to: null }], ['prescriptions', 'patient', 'p1', null], ['orders', 'patient', 'p1', 'enc-7'],
      ['diagnoses', 'patient', 'p1', 'problems'], ['prescriptions', 'patient', 'p2', null],
    ];
    for (const key of keys) queryClient.setQueryData(key, 'masked');
    renderWithProviders(<><MedicationList patientId="p1" /><BreakGlass encounterId="enc-7" /></>, '/', { queryClient });
    expect(await screen.findByRole('link', { name: 'Restricted medication — open the encounter with a reason to see it' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Covering the night shift');
    await userEvent.click(screen.getByRole('button', { name: 'Open the note' }));
    await waitFor(() => expect(screen.getByTestId('medication-name')).toHaveTextContent('Retrozid 300 mg'));
    expect(sent).toEqual([{ reason: 'Covering the night shift' }]);
    expect(queryClient.getQueryData(['encounters', 'detail', 'enc-7'])).toEqual(opened);
    await waitFor(() => expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, true, false]));
  });
});
