import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PatientDetails } from '@clinic/shared';
import { demoUser, errorBody, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

const STALE = 'This record was changed by someone else. Reload to see the changes; your input is kept.';

const loaded: PatientDetails = {
  _id: 'p-1', publicId: 'PAT-000002', name: 'Amal Hassan', identity: '1098765432', isActive: true, phone: '0501234567',
  email: null, contactInfos: [], dateOfBirth: '1990-01-05', age: 36, gender: 'female', nationality: 'Saudi',
  marital_status: 'Married', number_children: 2, blood_type: 'A+', height: null, weight: null, address: 'King Fahd Road, Riyadh',
  Smoking: false, professiona_experi: 'Teacher', evaluation: null, languages: [], preferredLanguage: null, Current_Medications: null,
  Surgical_History: null, lifestyleFactors: null, allergies: ['Penicillin'], ChronicDiseases: [], familyMedicalHistory: [], insurances: [],
  emergencyContacts: [], emergencyContact: null, image: null, lastVisit: null, notes: [], healthReports: [],
  treatment: { upcoming: [], history: [] }, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 3,
};
/** What a colleague saved meanwhile: a new allergy. */
const theirs: PatientDetails = { ...loaded, allergies: ['Penicillin', 'Latex'], version: 4 };

/** The patient API: GET answers the stored patient; PUT answers 409 while the version sent is not the stored one. */
function patientApi() {
  let stored = loaded;
  const puts: FormData[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
    if (url.pathname === '/api/patients/p-1' && init.method === 'PUT') {
      const form = init.body as FormData;
      puts.push(form);
      if (Number(form.get('version')) !== stored.version) return jsonResponse(409, errorBody(STALE, 'STALE_RECORD'));
      stored = { ...stored, name: String(form.get('name')), version: stored.version + 1 };
      return jsonResponse(200, { success: true, message: 'Patient updated', data: stored });
    }
    if (url.pathname === '/api/patients/p-1') return jsonResponse(200, { success: true, data: stored });
    return jsonResponse(200, { success: true, data: [], pagination: { current_page: 1, items_per_page: 10, has_next_page: false, has_previous_page: false, total_items: 0, total_pages: 1 } });
  });
  return {
    puts,
    /** A colleague saves the patient (from another screen). */
    changeElsewhere: () => { stored = theirs; },
  };
}

describe('editing a patient someone else changed meanwhile', { timeout: 30_000 }, () => {
  it('keeps the form open with the input, says so, and saves on the reloaded record', async () => {
    const api = patientApi();
    signIn();
    const user = userEvent.setup();
    renderApp('/patients/edit/p-1');

    const name = await screen.findByRole('textbox', { name: /Full name/ }, { timeout: 5000 });
    expect(name).toHaveValue('Amal Hassan');
    api.changeElsewhere();
    await user.clear(name);
    await user.type(name, 'Amal Hassan Omar');
    await user.click(screen.getByTestId('patient-submit'));

    // Refused: the message is shown above the form, which keeps what was typed.
    expect(await screen.findByTestId('stale-record')).toHaveTextContent(STALE);
    expect(api.puts).toHaveLength(1);
    expect(api.puts[0]!.get('version')).toBe('3');
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Amal Hassan Omar');
    expect(screen.getByTestId('patient-form')).toBeInTheDocument();

    // Reloading shows the colleague's change, and a save is then based on it.
    await user.click(screen.getByRole('button', { name: 'Reload the record' }));
    await waitFor(() => expect(screen.queryByTestId('stale-record')).not.toBeInTheDocument());
    expect(await screen.findByText('Latex')).toBeInTheDocument();
    await user.click(screen.getByTestId('patient-submit'));
    await waitFor(() => expect(api.puts).toHaveLength(2));
    expect(api.puts[1]!.get('version')).toBe('4');
    expect(api.puts[1]!.getAll('allergies[1]')).toEqual(['Latex']);
  });
});
