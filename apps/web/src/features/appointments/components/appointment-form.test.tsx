import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { demoUser, emptyList, errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { AppointmentForm } from './appointment-form';

const CLINIC = '11111111-1111-4111-8111-111111111111';
const OMAR = '22222222-2222-4222-8222-222222222222';
const EMILY = '33333333-3333-4333-8333-333333333333';
const CARDIO = '44444444-4444-4444-8444-444444444444';
const PATIENT = '55555555-5555-4555-8555-555555555555';

const list = (data: unknown[]) => ({ ...emptyList(), data });
const service = (over: Record<string, unknown>) => ({
  _id: CARDIO, publicId: 'SRV-000001', name: 'Cardiology check-up', description: 'd', price: 300, durationMinutes: 60, isActive: true,
  clinic: { _id: CLINIC, name: 'Olaya Clinic' }, doctors: [{ _id: OMAR, name: 'Dr. Omar Haddad' }], createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

/** The API behind the form: clinics, the clinic's doctors (availability), services, patients, and the booking. */
function bookingApi(answer: () => Response = () => jsonResponse(201, { success: true, message: 'Appointment booked', data: { _id: 'a1' } })) {
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/profile') return jsonResponse(200, { success: true, data: demoUser });
    if (url.pathname === '/api/clinics') return jsonResponse(200, list([{ _id: CLINIC, name: 'Olaya Clinic' }]));
    if (url.pathname === '/api/appointments/availability') {
      return jsonResponse(200, {
        success: true,
        data: {
          clinic: { _id: CLINIC, name: 'Olaya Clinic', timeZone: 'Asia/Riyadh', averageVisitMinutes: 30, isActive: true, hasWorkingHours: true },
          slotMinutes: 30, dayStart: '09:00', dayEnd: '18:00',
          days: [{ date: url.searchParams.get('from'), weekday: 'Monday', clinicHours: [{ startTime: '09:00', endTime: '13:00' }], holiday: null, doctorHours: null, doctorAway: null }],
          doctors: [{ _id: EMILY, name: 'Dr. Emily Carter', serviceIds: [] }, { _id: OMAR, name: 'Dr. Omar Haddad', serviceIds: [CARDIO] }],
        },
      });
    }
    if (url.pathname === '/api/services') return jsonResponse(200, list([service({})]));
    if (url.pathname === '/api/patients') return jsonResponse(200, list([{ _id: PATIENT, name: 'Ahmed Al-Farsi', publicId: 'PAT-000001' }]));
    if (url.pathname === '/api/employees') return jsonResponse(200, list([{ _id: EMILY, name: 'Dr. Emily Carter' }, { _id: OMAR, name: 'Dr. Omar Haddad' }]));
    if (url.pathname === '/api/appointments' && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return answer();
    }
    return jsonResponse(200, emptyList());
  });
  return posted;
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: RegExp | string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

function renderForm(onBooked = vi.fn()) {
  signIn();
  renderWithProviders(<AppointmentForm slot={{ date: '2026-11-23', time: '09:30' }} clinicId={CLINIC} onBooked={onBooked} compact />);
  return onBooked;
}

describe('Add Appointment form', { timeout: 30_000 }, () => {
  it("shows the spec's messages for the missing fields and sends nothing", async () => {
    const posted = bookingApi();
    const user = userEvent.setup();
    renderForm();
    await user.click(await screen.findByRole('button', { name: 'Add Appointment' }));
    for (const message of ['Patient name is required', 'Service is required', 'Doctor is required', 'Reason is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('Clinic is required')).not.toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('shows the messages in Arabic', async () => {
    bookingApi();
    await setLanguage('ar');
    const user = userEvent.setup();
    renderForm();
    await user.click(await screen.findByRole('button', { name: 'إضافة موعد' }));
    expect(await screen.findByText('اسم المريض مطلوب')).toBeInTheDocument();
    expect(screen.getByText('سبب الزيارة مطلوب')).toBeInTheDocument();
  });

  it('offers all of the clinic\'s doctors until a service is chosen, then only those who provide it', async () => {
    bookingApi();
    const user = userEvent.setup();
    renderForm();
    const doctor = await screen.findByRole('combobox', { name: /Doctor/ });
    await user.click(doctor);
    expect(await screen.findByRole('option', { name: 'Dr. Emily Carter' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Dr. Omar Haddad' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await choose(user, /Service/, /Cardiology check-up/);
    expect(await screen.findByText('Doctors who provide this service: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Doctor/ }));
    expect(await screen.findByRole('option', { name: 'Dr. Omar Haddad' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Dr. Emily Carter' })).not.toBeInTheDocument();
  });

  it('books in the clinic\'s zone and shows the server\'s refusal in red under the form', async () => {
    const posted = bookingApi(() => jsonResponse(409, errorBody('The doctor already has an appointment at this time', 'DOCTOR_DOUBLE_BOOKED')));
    const user = userEvent.setup();
    const onBooked = renderForm();
    await user.click(await screen.findByRole('combobox', { name: /Patient/ }));
    await user.click(await screen.findByRole('option', { name: /Ahmed Al-Farsi/ }));
    await choose(user, /Service/, /Cardiology check-up/);
    await choose(user, /Doctor/, 'Dr. Omar Haddad');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Chest pain');
    await user.click(screen.getByRole('button', { name: 'Add Appointment' }));

    const alert = await screen.findByTestId('appointment-form-error');
    expect(alert).toHaveTextContent('The doctor already has an appointment at this time');
    expect(posted).toEqual([{
      patient: PATIENT, doctor: OMAR, clinic: CLINIC, service: CARDIO, reason: 'Chest pain',
      datetime: '2026-11-23T09:30:00+03:00', status: 'scheduled', cancellationReason: null, reminderSent: false,
    }]);
    expect(onBooked).not.toHaveBeenCalled();
  });

  it('calls back once booked', async () => {
    bookingApi();
    const user = userEvent.setup();
    const onBooked = renderForm();
    await user.click(await screen.findByRole('combobox', { name: /Patient/ }));
    await user.click(await screen.findByRole('option', { name: /Ahmed Al-Farsi/ }));
    await choose(user, /Service/, /Cardiology check-up/);
    await choose(user, /Doctor/, 'Dr. Omar Haddad');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Follow-up');
    await user.click(screen.getByRole('button', { name: 'Add Appointment' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith({ _id: 'a1' }));
  });
});
