import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyList, errorBody, jsonResponse, patientDetails } from '@/test/mocks';
import { expectFieldError, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import AddPatientPage from '../pages/add-patient-page';
import { PatientForm } from './patient-form';
import { patientToForm } from './patient-form-values';

interface Sent {
  method: string;
  url: URL;
  body: FormData | null;
}

/** The API behind the add form: records what was sent; `answer` decides the reply to the create call. */
function patientsApi(answer: () => Response = () => jsonResponse(201, { success: true, message: 'Patient created successfully', data: patientDetails() })) {
  const sent: Sent[] = [];
  mockFetch((url, init) => {
    sent.push({ method: init.method ?? 'GET', url, body: init.body instanceof FormData ? init.body : null });
    if (url.pathname === '/api/patients' && init.method === 'POST') return answer();
    return jsonResponse(200, emptyList());
  }, { profile: {} });
  return sent;
}

const renderAddPage = () => renderWithProviders(<AddPatientPage />, '/patients/add', { route: '/patients/add' });

/** Types a whole value at once (pasting keeps these long forms fast). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp | string, option: RegExp | string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByRole('textbox', { name: /Full name/ }), 'Amal Hassan');
  await fill(user, screen.getByRole('textbox', { name: /Identity number/ }), '1098765432');
  const dob = screen.getByRole('textbox', { name: /Date of birth/ });
  await fill(user, dob, '1990-01-05');
  await user.tab();
  await choose(user, /Gender/, 'Female');
  await choose(user, /Nationality/, 'Saudi');
  await fill(user, screen.getByRole('textbox', { name: /Occupation/ }), 'Teacher');
  await fill(user, screen.getByRole('textbox', { name: /^Phone/ }), '0501234567');
  await fill(user, screen.getByRole('textbox', { name: /Address/ }), 'King Fahd Road, Riyadh');
  await choose(user, /Blood type/, /^\u2066?A\+\u2069?$/);
  await user.click(screen.getByRole('radio', { name: 'No' }));
}

describe('patient form', { timeout: 30_000 }, () => {
  it('marks a missing required field with its message, starts the marital status at Single, and sends nothing', async () => {
    const sent = patientsApi();
    signIn();
    const user = userEvent.setup();
    renderAddPage();

    await user.click(await screen.findByRole('button', { name: 'Save patient' }));
    await expectFieldError(screen.getByRole('textbox', { name: /Full name/ }), 'Name is required');
    // Marital status starts as Single, as the spec says.
    expect(screen.queryByText('Marital status is required')).not.toBeInTheDocument();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
  });

  it('adds and removes emergency contact rows, each checked on its own', async () => {
    patientsApi();
    signIn();
    const user = userEvent.setup();
    renderAddPage();

    expect(await screen.findByText('No emergency contacts yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add emergency contact' }));
    await user.click(screen.getByRole('button', { name: 'Add emergency contact' }));
    const first = screen.getByTestId('emergency-contact-0');
    const second = screen.getByTestId('emergency-contact-1');
    await fill(user, within(first).getByRole('textbox', { name: /Name/ }), 'Omar Hassan');
    await fill(user, within(first).getByRole('textbox', { name: /Phone/ }), '0501112233');
    await fill(user, within(first).getByRole('textbox', { name: /Relation/ }), 'Brother');
    await user.click(screen.getByRole('button', { name: 'Save patient' }));

    await expectFieldError(within(second).getByRole('textbox', { name: /Name/ }), 'Emergency contact name is required');
    expect(within(second).getByText('Relation to patient is required')).toBeInTheDocument();
    expect(within(first).queryByText('Emergency contact name is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove emergency contact 2' }));
    expect(screen.queryByTestId('emergency-contact-1')).not.toBeInTheDocument();
    expect(screen.queryByText('Relation to patient is required')).not.toBeInTheDocument();
  });

  it('sends the form as multipart with flattened rows, then goes back to the list', async () => {
    const sent = patientsApi();
    signIn();
    const user = userEvent.setup();
    const { router } = renderAddPage();
    await screen.findByRole('button', { name: 'Save patient' });

    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add emergency contact' }));
    const row = screen.getByTestId('emergency-contact-0');
    await fill(user, within(row).getByRole('textbox', { name: /Name/ }), 'Omar Hassan');
    await fill(user, within(row).getByRole('textbox', { name: /Phone/ }), '050 111 2233');
    await fill(user, within(row).getByRole('textbox', { name: /Relation/ }), 'Brother');
    await user.click(screen.getByRole('button', { name: 'Save patient' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/patients'));
    const post = sent.find((s) => s.method === 'POST');
    const form = Object.fromEntries(post!.body!.entries());
    expect(form).toMatchObject({
      name: 'Amal Hassan',
      identity: '1098765432',
      dateOfBirth: '1990-01-05',
      gender: 'female',
      nationality: 'Saudi',
      marital_status: 'Single',
      blood_type: 'A+',
      Smoking: 'false',
      phone: '0501234567',
      'emergencyContacts[0][name]': 'Omar Hassan',
      'emergencyContacts[0][phone]': '0501112233',
      'emergencyContacts[0][relationToPatient]': 'Brother',
    });
    expect(await screen.findByText('Patient created successfully')).toBeInTheDocument();
  });

  it("puts the server's duplicate identity message on the identity field", async () => {
    patientsApi(() =>
      jsonResponse(409, errorBody('A patient with this identity number already exists', 'DUPLICATE_IDENTITY', { identity: 'This identity number is already registered for another patient' })),
    );
    signIn();
    const user = userEvent.setup();
    const { router } = renderAddPage();
    await screen.findByRole('button', { name: 'Save patient' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Save patient' }));

    expect(await screen.findByText('This identity number is already registered for another patient')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patients/add');
  });

  it('shows the messages in Arabic, right to left', async () => {
    patientsApi();
    await setLanguage('ar');
    signIn();
    const user = userEvent.setup();
    renderAddPage();

    await user.click(await screen.findByRole('button', { name: 'حفظ المريض' }));
    expect(await screen.findByText('الاسم مطلوب')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('writes its dates as the other date fields do: day first in Arabic, month first in English', async () => {
    patientsApi();
    await setLanguage('ar');
    signIn();
    const user = userEvent.setup();
    renderAddPage();
    await screen.findByRole('button', { name: 'حفظ المريض' });
    const dob = screen.getByRole('textbox', { name: /تاريخ الميلاد/ });
    await fill(user, dob, '1990-01-05');
    await user.tab();
    expect(dob).toHaveValue('5 يناير 1990');
    expect((dob as HTMLInputElement).value).not.toMatch(/يناير 5, 1990/);

    await setLanguage('en');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Date of birth/ })).toHaveValue('January 5, 1990'));
  });

  it('offers WhatsApp only with the patient\'s consent and sends both', async () => {
    const sent = patientsApi();
    signIn();
    const user = userEvent.setup();
    renderAddPage();
    await screen.findByRole('button', { name: 'Save patient' });
    await fillValidForm(user);
    await user.click(screen.getByRole('combobox', { name: 'Preferred channel' }));
    expect(await screen.findByRole('option', { name: 'WhatsApp' })).toHaveAttribute('data-combobox-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: 'The patient agrees to receive WhatsApp messages' }));
    await choose(user, 'Preferred channel', 'WhatsApp');
    await user.click(screen.getByRole('button', { name: 'Save patient' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    const form = Object.fromEntries(sent.find((s) => s.method === 'POST')!.body!.entries());
    expect(form).toMatchObject({ preferredChannel: 'whatsapp', whatsappConsent: 'true' });
  });

  it('shows when and where consent was given, in Arabic; withdrawing it makes SMS the channel again', async () => {
    await setLanguage('ar');
    signIn();
    const user = userEvent.setup();
    const patient = patientDetails({ preferredChannel: 'whatsapp', whatsappConsent: { at: '2026-03-01T10:00:00.000Z', source: 'online' } });
    renderWithProviders(
      <PatientForm mode="edit" defaultValues={patientToForm(patient)} consent={patient.whatsappConsent} onSubmit={async () => {}} onCancel={() => {}} />,
    );
    const consent = await screen.findByRole('checkbox', { name: 'يوافق المريض على تلقي رسائل واتساب' });
    expect(consent).toBeChecked();
    expect(screen.getByText(/في صفحة الحجز/)).toHaveTextContent('2026');
    expect(screen.getByRole('combobox', { name: 'القناة المفضلة' })).toHaveValue('واتساب');
    await user.click(consent);
    expect(screen.getByRole('combobox', { name: 'القناة المفضلة' })).toHaveValue('رسالة نصية');
    expect(screen.queryByText(/في صفحة الحجز/)).not.toBeInTheDocument();
  });
});
