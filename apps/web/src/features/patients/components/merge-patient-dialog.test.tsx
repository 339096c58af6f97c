import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PATIENT_RECORD_KINDS, type PatientRecordCounts } from '@clinic/shared';
import { jsonResponse, listOf, ok, patientDetails, patientListItem } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import PatientDetailsPage from '../pages/patient-details-page';

const online = patientDetails({ _id: 'p-9', publicId: 'PAT-000009', name: 'Amal Online', identity: '', selfRegistered: true, incomplete: true, version: 1 });
const existing = patientDetails({ _id: 'p-1', publicId: 'PAT-000002', name: 'Amal Hassan', version: 3 });
const counts = (over: Partial<PatientRecordCounts>): PatientRecordCounts => ({ ...Object.fromEntries(PATIENT_RECORD_KINDS.map((k) => [k, 0])), ...over }) as PatientRecordCounts;

/** The self-registered patient's page; `merge` answers POST /api/patients/p-9/merge. */
function open(merge: (init: RequestInit) => Response) {
  const sent: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/patients/p-9/merge') {
      sent.push(JSON.parse(String(init.body)));
      return merge(init);
    }
    if (url.pathname.endsWith('/record-counts')) {
      return jsonResponse(200, ok(url.pathname.includes('p-9') ? counts({ appointments: 1 }) : counts({ appointments: 2, notes: 4, invoices: 1 })));
    }
    if (url.pathname === '/api/patients/p-9') return jsonResponse(200, ok(online));
    if (url.pathname === '/api/patients/p-1') return jsonResponse(200, ok(existing));
    if (url.pathname === '/api/patients') return jsonResponse(200, listOf([patientListItem({ _id: 'p-1', publicId: 'PAT-000002', name: 'Amal Hassan' })]));
    return jsonResponse(200, listOf([]));
  }, { profile: {} });
  signIn();
  renderWithProviders(<PatientDetailsPage />, '/patients/details/p-9', { route: '/patients/details/:id' });
  return sent;
}

async function pickExisting(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByTestId('patient-self-registered-banner')).toHaveTextContent(/complete or merge|أكمل السجل أو ادمجه/);
  await user.click(screen.getByTestId('patient-self-registered-merge'));
  const dialog = await screen.findByTestId('merge-patient-dialog');
  await user.click(within(dialog).getByRole('combobox'));
  await user.paste('Amal');
  await user.click(await screen.findByRole('option', { name: /PAT-000002/ }));
  return dialog;
}

describe('merging a duplicate patient record', { timeout: 20_000 }, () => {
  afterEach(async () => { await setLanguage('en'); });

  it('compares the two records, keeps the existing one by default and lands on it after the merge', async () => {
    const sent = open(() => jsonResponse(200, ok({ _id: 'p-1', publicId: 'PAT-000002', mergedId: 'p-9', mergedPublicId: 'PAT-000009', moved: counts({ appointments: 1 }), folded: { allergies: 0, problems: 0, allergyStates: 0 }, version: 4 }, 'Records merged')));
    const user = userEvent.setup();
    const dialog = await pickExisting(user);
    const comparison = await within(dialog).findByTestId('merge-comparison');
    await waitFor(() => expect(within(comparison).getByTestId('merge-count-appointments-1')).toHaveTextContent('2 appointments'));
    expect(within(comparison).getByTestId('merge-count-appointments-0')).toHaveTextContent('1 appointment');
    expect(within(comparison).getByTestId('merge-count-notes-1')).toHaveTextContent('4 notes');
    expect(within(comparison).getByText('PAT-000009')).toBeInTheDocument();
    expect(within(comparison).getByRole('radio', { name: 'Other record' })).toBeChecked();
    expect(within(dialog).getByTestId('merge-summary')).toHaveTextContent('Amal Online (PAT-000009) will be merged into Amal Hassan (PAT-000002)');
    await user.click(within(dialog).getByTestId('merge-confirm'));
    await waitFor(() => expect(sent).toEqual([{ into: 'p-1', version: 1, intoVersion: 3 }]));
    await waitFor(() => expect(screen.getByTestId('patient-name')).toHaveTextContent('Amal Hassan'));
    await waitFor(() => expect(screen.queryByTestId('merge-confirm')).toBeNull());
  });

  it('shows the refusal of overlapping appointments in the dialog and stays on the record', async () => {
    open(() => jsonResponse(409, { success: false, message: { message: 'Both records have an appointment at the same time (APT-000005 2026-12-07 14:00 and APT-000006 2026-12-07 14:15): cancel or move one of them before merging', code: 'PATIENT_MERGE_CLASH' } }));
    const user = userEvent.setup();
    const dialog = await pickExisting(user);
    await waitFor(() => expect(within(dialog).getByTestId('merge-confirm')).toBeEnabled());
    await user.click(within(dialog).getByTestId('merge-confirm'));
    expect(await within(dialog).findByTestId('merge-error')).toHaveTextContent('APT-000005 2026-12-07 14:00');
    expect(screen.getByTestId('patient-name')).toHaveTextContent('Amal Online');
  });

  it('counts in Arabic with its plural forms', async () => {
    await setLanguage('ar');
    open(() => jsonResponse(500, {}));
    const user = userEvent.setup();
    const dialog = await pickExisting(user);
    const comparison = await within(dialog).findByTestId('merge-comparison');
    await waitFor(() => expect(within(comparison).getByTestId('merge-count-appointments-1')).toHaveTextContent('موعدان'));
    expect(within(comparison).getByTestId('merge-count-appointments-0')).toHaveTextContent('موعد واحد');
    expect(within(comparison).getByTestId('merge-count-notes-1')).toHaveTextContent('4 ملاحظات');
    expect(within(comparison).getByTestId('merge-count-encounters-1')).toHaveTextContent('لا ملاحظات زيارة');
  });
});
