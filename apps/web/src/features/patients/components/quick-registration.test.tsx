import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, listOf, ok, patientDetails, patientListItem } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import PatientDetailsPage from '../pages/patient-details-page';
import PatientsPage from '../pages/patients-page';

const walkIn = patientListItem({ _id: 'p-9', publicId: 'PAT-000009', name: 'Salma Idris', identity: '', incomplete: true });
const renderList = (path = '/patients') => renderWithProviders(<PatientsPage />, path, { route: '/patients' });

async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** The patients list with the quick registration dialog open; `answer` replies to POST /api/patients/quick. */
async function openDialog(answer: (init: RequestInit) => Response) {
  mockFetch((url, init) => (url.pathname === '/api/patients/quick' ? answer(init) : jsonResponse(200, listOf([]))), { profile: {} });
  signIn();
  const user = userEvent.setup();
  renderList();
  await user.click(await screen.findByTestId('quick-add-patient'));
  return { user, dialog: await screen.findByTestId('quick-patient-form') };
}

/** Fills the dialog's four fields and sends it. */
async function register(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string, mobile: string) {
  await fill(user, within(dialog).getByRole('textbox', { name: /Full name/ }), name);
  await fill(user, within(dialog).getByRole('textbox', { name: /Mobile/ }), mobile);
  await fill(user, within(dialog).getByRole('textbox', { name: /Date of birth/ }), '1992-03-14');
  await user.tab();
  await user.click(within(dialog).getByRole('combobox', { name: /Sex/ }));
  await user.click(await screen.findByRole('option', { name: 'Female' }));
  await user.click(within(dialog).getByTestId('quick-patient-submit'));
}

describe('quick registration', { timeout: 20_000 }, () => {
  it('shows how many records wait for completion and filters the list to them', async () => {
    const requests: URL[] = [];
    mockFetch((url) => {
      requests.push(url);
      return jsonResponse(200, url.searchParams.get('incomplete') === 'true' ? listOf([walkIn]) : listOf([walkIn, patientListItem()]));
    }, { profile: {} });
    signIn();
    const user = userEvent.setup();
    renderList();
    const filter = await screen.findByTestId('incomplete-filter');
    await waitFor(() => expect(within(filter).getByTestId('incomplete-count')).toHaveTextContent('1'));
    const table = await screen.findByTestId('patients-table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByTestId('patient-incomplete')).toHaveTextContent('To complete');
    expect(within(second as HTMLElement).queryByTestId('patient-incomplete')).toBeNull();
    await user.click(filter);
    await waitFor(() => expect(filter).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(requests.some((u) => u.searchParams.get('incomplete') === 'true' && u.searchParams.get('limit') === '10')).toBe(true));
  });

  it('checks the four fields, sends them and opens the new record', async () => {
    const sent: unknown[] = [];
    const { user, dialog } = await openDialog((init) => {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(201, ok(patientDetails({ _id: 'p-9', name: 'Salma Idris', incomplete: true }), 'Patient registered'));
    });
    await user.click(within(dialog).getByTestId('quick-patient-submit'));
    await expectFieldError(within(dialog).getByRole('textbox', { name: /Full name/ }), 'Name is required');
    await expectFieldError(within(dialog).getByRole('textbox', { name: /Mobile/ }), 'Mobile number is required');
    expect(sent).toEqual([]);

    await register(user, dialog, 'Salma Idris', '+966 55 700 1122');
    await waitFor(() => expect(sent).toEqual([{ name: 'Salma Idris', phone: '+966557001122', dateOfBirth: '1992-03-14', gender: 'female' }]));
    await waitFor(() => expect(screen.queryByTestId('patients-table')).not.toBeInTheDocument());
  });

  it('links to the patient already registered with the same mobile and date of birth', async () => {
    const { user, dialog } = await openDialog(() => jsonResponse(409, {
      success: false,
      message: {
        message: 'A patient with this mobile number and date of birth is already registered: Salma Idris (PAT-000009)',
        code: 'DUPLICATE_PATIENT',
        fields: { phone: 'Already registered for Salma Idris (PAT-000009)' },
        data: { patientId: 'p-9', publicId: 'PAT-000009' },
      },
    }));
    await register(user, dialog, 'Salma I.', '0557001122');
    await expectFieldError(within(dialog).getByRole('textbox', { name: /Mobile/ }), 'Already registered for Salma Idris (PAT-000009)');
    expect(await within(dialog).findByTestId('quick-patient-existing')).toHaveAttribute('href', '/patients/details/p-9');
    expect(within(dialog).getByTestId('quick-patient-existing')).toHaveTextContent('Open PAT-000009');
  });

  it('shows the banner with the way to the full form on an incomplete record only', async () => {
    mockFetch((url) => jsonResponse(200, ok(patientDetails({ _id: url.pathname.endsWith('p-9') ? 'p-9' : 'p-1', incomplete: url.pathname.endsWith('p-9') }))), { profile: {} });
    signIn();
    const { unmount } = renderWithProviders(<PatientDetailsPage />, '/patients/details/p-9', { route: '/patients/details/:id' });
    const banner = await screen.findByTestId('patient-incomplete-banner');
    expect(banner).toHaveTextContent('Registered quickly: complete the record');
    expect(within(banner).getByTestId('patient-complete-record')).toHaveAttribute('href', '/patients/edit/p-9');
    unmount();
    renderWithProviders(<PatientDetailsPage />, '/patients/details/p-1', { route: '/patients/details/:id' });
    await screen.findByTestId('patient-profile');
    expect(screen.queryByTestId('patient-incomplete-banner')).toBeNull();
  });
});
