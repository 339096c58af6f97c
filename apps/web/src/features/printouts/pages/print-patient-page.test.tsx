import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordSummary } from '@clinic/shared';
import { patientDetails } from '@/test/mocks';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import PrintPatientPage from './print-patient-page';

const id = '55555555-5555-4555-8555-555555555555';

function serve(permissions: string[], summary: RecordSummary) {
  const asked: string[] = [];
  mockFetch((url) => {
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname.endsWith('/record-summary')) return jsonResponse(200, { success: true, data: summary });
    return jsonResponse(200, { success: true, data: patientDetails({ _id: id, name: 'Sara Nasser' }) });
  }, { profile: { permissions } });
  return asked;
}

const empty: RecordSummary = { problems: [], medications: [], allergies: { state: 'unknown', noKnownAllergies: null, allergies: [], toldAtRegistration: [] } };

describe('the printed patient summary', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('reads the patient through the patient read and prints the name', async () => {
    signIn({ permissions: ['patient_read'] });
    const asked = serve(['patient_read'], empty);
    const view = renderWithProviders(<PrintPatientPage />, `/print/patient/${id}`, { route: '/print/patient/:id' });
    expect(await view.findByText(/Sara Nasser/)).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain(`/api/patients/${id}`));
    // Without clinical_read the clinical parts are left out, and the page says so.
    expect(await view.findByTestId('print-clinical-omitted')).toHaveTextContent('Clinical parts (problems, allergies, medications) are not included');
    expect(asked).not.toContain(`/api/patients/${id}/record-summary`);
  });

  it('prints active problems, allergies and current medications for a clinician', async () => {
    signIn({ permissions: ['clinical_read'] });
    serve(['clinical_read'], {
      problems: [{ _id: 'p1', code: 'E11.9', titleEn: 'Type 2 diabetes mellitus without complications', titleAr: 'داء السكري من النوع الثاني', onsetDate: '2024-03-01', restricted: false },
        { _id: 'p2', code: null, titleEn: null, titleAr: null, onsetDate: null, restricted: true }],
      medications: [{ _id: 'm1', name: 'Glucophage', strength: '500 mg', form: 'Tablet', dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', startDate: '2024-03-01', restricted: false },
        { _id: 'm2', name: '', strength: '', form: '', dose: null, unit: null, route: 'oral', frequency: 'OD', startDate: '2024-05-01', restricted: true }],
      allergies: { state: 'allergies', noKnownAllergies: null, allergies: [{
        _id: 'a1', substance: 'Penicillin', substanceKey: 'penicillin', type: 'allergy', reaction: 'Rash', severity: 'severe', status: 'active',
        encounterId: null, recordedBy: null, recordedAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z', version: 1,
      }], toldAtRegistration: [] },
    });
    const view = renderWithProviders(<PrintPatientPage />, `/print/patient/${id}`, { route: '/print/patient/:id' });
    const clinical = await view.findByTestId('print-clinical');
    expect(clinical).toHaveTextContent('Type 2 diabetes mellitus without complications');
    // A sensitive visit's problem and medication are listed as restricted, not left out.
    expect(clinical).toHaveTextContent('Restricted diagnosis (recorded at a sensitive visit)');
    expect(clinical).toHaveTextContent('Restricted medication (recorded at a sensitive visit)');
    expect(clinical).not.toHaveTextContent('once daily');
    expect(clinical).toHaveTextContent('Penicillin · Rash · Severe');
    expect(clinical).toHaveTextContent('Glucophage 500 mg');
    expect(clinical).toHaveTextContent('1 tablet · twice daily · By mouth');
  });

  it('tells "not recorded" from "no known allergies"', async () => {
    signIn({ permissions: ['clinical_read'] });
    serve(['clinical_read'], empty);
    const view = renderWithProviders(<PrintPatientPage />, `/print/patient/${id}`, { route: '/print/patient/:id' });
    expect(await view.findByTestId('print-allergy-state')).toHaveTextContent('Allergies not recorded: ask the patient');
  });
});
