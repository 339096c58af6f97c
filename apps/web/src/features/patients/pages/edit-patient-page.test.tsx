import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PatientDetails } from '@clinic/shared';
import { emptyList, errorBody, jsonResponse, patientDetails } from '@/test/mocks';
import { mockFetch, renderWithProviders, signIn } from '@/test/utils';
import EditPatientPage from './edit-patient-page';

const STALE = 'This record was changed by someone else. Reload to see the changes; your input is kept.';

const loaded = patientDetails({ allergies: ['Penicillin'], version: 3 });
/** What a colleague saved meanwhile: a new allergy. */
const theirs: PatientDetails = { ...loaded, allergies: ['Penicillin', 'Latex'], version: 4 };

/** The patient API: GET answers the stored patient; PUT answers 409 while the version sent is not the stored one. */
function patientApi() {
  let stored = loaded;
  const puts: FormData[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/patients/p-1' && init.method === 'PUT') {
      const form = init.body as FormData;
      puts.push(form);
      if (Number(form.get('version')) !== stored.version) return jsonResponse(409, errorBody(STALE, 'STALE_RECORD'));
      stored = { ...stored, name: String(form.get('name')), version: stored.version + 1 };
      return jsonResponse(200, { success: true, message: 'Patient updated', data: stored });
    }
    if (url.pathname === '/api/patients/p-1') return jsonResponse(200, { success: true, data: stored });
    return jsonResponse(200, emptyList());
  }, { profile: {} });
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
    renderWithProviders(<EditPatientPage />, '/patients/edit/p-1', { route: '/patients/edit/:id' });

    const name = await screen.findByRole('textbox', { name: /Full name/ });
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
