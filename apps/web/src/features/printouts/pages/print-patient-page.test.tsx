import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientDetails } from '@/test/mocks';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import PrintPatientPage from './print-patient-page';

const id = '55555555-5555-4555-8555-555555555555';

describe('the printed patient summary', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('reads the patient through the patient read and prints the name', async () => {
    const asked: string[] = [];
    mockFetch((url) => {
      asked.push(`${url.pathname}${url.search}`);
      return jsonResponse(200, { success: true, data: patientDetails({ _id: id, name: 'Sara Nasser' }) });
    }, { profile: {} });
    const view = renderWithProviders(<PrintPatientPage />, `/print/patient/${id}`, { route: '/print/patient/:id' });
    expect(await view.findByText(/Sara Nasser/)).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain(`/api/patients/${id}`));
  });
});
