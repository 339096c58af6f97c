import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appointmentRecord, availability, calendarCard, nextFreeSlot, ok } from '@/test/mocks';
import { emptyList, errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { AppointmentForm } from './appointment-form';

const CLINIC = '11111111-1111-4111-8111-111111111111';
const OMAR = '22222222-2222-4222-8222-222222222222';
const EMILY = '33333333-3333-4333-8333-333333333333';
const CARDIO = '44444444-4444-4444-8444-444444444444';
const PATIENT = '55555555-5555-4555-8555-555555555555';
/** A Monday well ahead, so every time that day is still to come. */
const DAY = '2031-03-10';

const list = (data: unknown[]) => ({ ...emptyList(), data });
const service = (over: Record<string, unknown>) => ({
  _id: CARDIO, publicId: 'SRV-000001', name: 'Cardiology check-up', description: 'd', price: 300, durationMinutes: 60, isActive: true,
  clinic: { _id: CLINIC, name: 'Olaya Clinic' }, doctors: [{ _id: OMAR, name: 'Dr. Omar Haddad' }, { _id: EMILY, name: 'Dr. Emily Carter' }],
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

/** Each doctor's hours that day: Omar works the morning, Emily only from 12:00. Omar is booked 11:00-11:30. */
const DOCTOR_HOURS: Record<string, Array<{ startTime: string; endTime: string }>> = {
  [OMAR]: [{ startTime: '09:00', endTime: '13:00' }],
  [EMILY]: [{ startTime: '12:00', endTime: '13:00' }],
};
const BOOKED: Record<string, unknown[]> = {
  [OMAR]: [calendarCard({ _id: 'x1', datetime: `${DAY}T11:00:00+03:00`, endsAt: `${DAY}T11:30:00+03:00`, status: 'scheduled' })],
  [EMILY]: [calendarCard({ _id: 'x2', datetime: `${DAY}T12:00:00+03:00`, endsAt: `${DAY}T12:30:00+03:00`, status: 'cancelled' })],
};

/** The API behind the form: clinics, the clinic's doctors (availability), services, patients, bookings and the booking. */
function bookingApi(answer: () => Response = () => jsonResponse(201, ok(appointmentRecord({ _id: 'a1' }), 'Appointment booked')), firstFree = '09:00') {
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/api/clinics') return jsonResponse(200, list([{ _id: CLINIC, name: 'Olaya Clinic' }]));
    if (url.pathname === '/api/appointments/availability') {
      return jsonResponse(200, ok(availability({
        days: [{
          date: url.searchParams.get('from')!, weekday: 'Monday', clinicHours: [{ startTime: '09:00', endTime: '13:00' }], holiday: null,
          doctorHours: DOCTOR_HOURS[url.searchParams.get('doctor') ?? ''] ?? null, doctorAway: null,
        }],
        doctors: [{ _id: EMILY, name: 'Dr. Emily Carter', serviceIds: [], image: null }, { _id: OMAR, name: 'Dr. Omar Haddad', serviceIds: [CARDIO], image: null }],
      })));
    }
    if (url.pathname === '/api/appointments/next-free') {
      return jsonResponse(200, ok([nextFreeSlot({ datetime: `${DAY}T${firstFree}:00+03:00`, endsAt: `${DAY}T10:00:00+03:00`, doctor: { _id: OMAR, name: 'Dr. Omar Haddad' } })]));
    }
    if (url.pathname === '/api/services') return jsonResponse(200, list([service({})]));
    if (url.pathname === '/api/patients') return jsonResponse(200, list([{ _id: PATIENT, name: 'Ahmed Al-Farsi', publicId: 'PAT-000001' }]));
    if (url.pathname === '/api/employees') return jsonResponse(200, list([{ _id: EMILY, name: 'Dr. Emily Carter' }, { _id: OMAR, name: 'Dr. Omar Haddad' }]));
    if (url.pathname === '/api/appointments' && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return answer();
    }
    if (url.pathname === '/api/appointments' && url.searchParams.get('doctor')) return jsonResponse(200, list(BOOKED[url.searchParams.get('doctor')!] ?? []));
    return jsonResponse(200, emptyList());
  }, { profile: {} });
  return posted;
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: RegExp | string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

function renderForm(onBooked = vi.fn(), time = '09:30') {
  signIn();
  renderWithProviders(<AppointmentForm slot={{ date: DAY, time }} clinicId={CLINIC} onBooked={onBooked} compact />);
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

  it('asks for the patient and the service before the day and time, and names what a repeat books on its button', async () => {
    bookingApi();
    const user = userEvent.setup();
    renderForm();
    const form = await screen.findByTestId('appointment-form');
    const order = [...form.querySelectorAll('[data-testid^="appointment-form-"]')].map((e) => e.getAttribute('data-testid') ?? '');
    const at = (id: string) => order.indexOf(`appointment-form-${id}`);
    expect(at('patient')).toBeGreaterThanOrEqual(0);
    expect(at('patient')).toBeLessThan(at('clinic'));
    expect(at('clinic')).toBeLessThan(at('service'));
    expect(order.findIndex((id) => /^appointment-form-(date|time|hours)$/.test(id))).toBeGreaterThan(at('service'));
    await user.click(screen.getByTestId('repeat-toggle'));
    expect(screen.getByTestId('appointment-form-submit')).toHaveTextContent('Book 6 appointments');
    await user.clear(screen.getByTestId('repeat-count'));
    await user.type(screen.getByTestId('repeat-count'), '1');
    await user.tab();
    expect(screen.getByTestId('appointment-form-submit')).not.toHaveTextContent('Add Appointment');
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

  it('offers all of the clinic\'s doctors until a service is chosen, then only those who provide it and are free then', async () => {
    bookingApi();
    const user = userEvent.setup();
    renderForm();
    const doctor = await screen.findByRole('combobox', { name: /Doctor/ });
    await user.click(doctor);
    expect(await screen.findByRole('option', { name: 'Dr. Emily Carter' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Dr. Omar Haddad' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // Both provide the service; at 09:30 only Omar works.
    await choose(user, /Service/, /Cardiology check-up/);
    expect(await screen.findByText(/Free at .09:30.: 1 of 2 doctors who provide this service/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Doctor/ }));
    expect(await screen.findByRole('option', { name: 'Dr. Omar Haddad' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Dr. Emily Carter' })).not.toBeInTheDocument();
  });

  it('offers only start times at which the whole visit fits the hours and the doctor\'s free time', async () => {
    bookingApi();
    const user = userEvent.setup();
    renderForm();
    await choose(user, /Service/, /Cardiology check-up/);
    await choose(user, /Doctor/, 'Dr. Omar Haddad');
    await user.click(screen.getByRole('combobox', { name: /Start time/ }));
    const times = (await screen.findAllByRole('option')).filter((o) => !o.hasAttribute('data-combobox-disabled')).map((o) => o.textContent?.replace(/[\u2066\u2069]/g, ''));
    // 60 minutes from 09:00 to 13:00, Omar booked 11:00-11:30: 10:30 and 11:00 would overlap it, 12:30 end after closing.
    expect(times).toEqual(['09:00–10:00', '09:30–10:30', '10:00–11:00', '11:30–12:30', '12:00–13:00']);
  });

  it('says so when the clicked time cannot hold the service, and sends nothing', async () => {
    const posted = bookingApi();
    const user = userEvent.setup();
    renderForm(vi.fn(), '12:30');
    await user.click(await screen.findByRole('combobox', { name: /Patient/ }));
    await user.click(await screen.findByRole('option', { name: /Ahmed Al-Farsi/ }));
    await choose(user, /Service/, /Cardiology check-up/);
    expect(await screen.findByText('A 60-minute visit does not fit at this time: choose another start time')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Doctor/ }));
    expect(await screen.findByText('No doctor who provides this service is free then')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Chest pain');
    await user.click(screen.getByRole('button', { name: 'Add Appointment' }));
    expect(posted).toHaveLength(0);
  });

  it('writes the dates of a refusal in the user\'s language', async () => {
    bookingApi(() => jsonResponse(422, errorBody(`The clinic is closed on ${DAY} (Founding Day)`, 'CLINIC_HOLIDAY')));
    const user = userEvent.setup();
    renderForm();
    await user.click(await screen.findByRole('combobox', { name: /Patient/ }));
    await user.click(await screen.findByRole('option', { name: /Ahmed Al-Farsi/ }));
    await choose(user, /Service/, /Cardiology check-up/);
    await choose(user, /Doctor/, 'Dr. Omar Haddad');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Chest pain');
    await user.click(screen.getByRole('button', { name: 'Add Appointment' }));
    expect(await screen.findByTestId('appointment-form-error')).toHaveTextContent('The clinic is closed on Mar 10, 2031 (Founding Day)');
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
      datetime: `${DAY}T09:30:00+03:00`, status: 'scheduled', cancellationReason: null, reminderSent: false, overbook: false,
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
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ _id: 'a1' })));
  });

  it('offers the first available time once a clinic and a service are chosen, and takes it on a click', async () => {
    bookingApi();
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<AppointmentForm clinicId={CLINIC} onBooked={vi.fn()} />);
    await choose(user, /Service/, /Cardiology check-up/);
    const offer = await screen.findByTestId('next-free-pick');
    expect(offer.textContent?.replace(/[\u2066\u2069]/g, '')).toMatch(/^First available: Mon, Mar 10 09:00 with Dr. Omar Haddad$/);
    await user.click(offer);
    await waitFor(() => expect((screen.getByRole('combobox', { name: /Start time/ }) as HTMLInputElement).value.replace(/[\u2066\u2069]/g, '')).toBe('09:00–10:00'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Doctor/ })).toHaveValue('Dr. Omar Haddad'));
  });

  it('books the first available time as offered, also between the rows of the calendar (the search starts at the clock\'s next 5 minutes)', async () => {
    // The search answered 09:20, as it does when asked at 09:18; the form's own rows are every 30 minutes from 09:00.
    const posted = bookingApi(undefined, '09:20');
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<AppointmentForm clinicId={CLINIC} onBooked={vi.fn()} />);
    await user.click(await screen.findByRole('combobox', { name: /Patient/ }));
    await user.click(await screen.findByRole('option', { name: /Ahmed Al-Farsi/ }));
    await choose(user, /Service/, /Cardiology check-up/);
    await user.click(await screen.findByTestId('next-free-pick'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Doctor/ })).toHaveValue('Dr. Omar Haddad'));
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Check-up');
    await user.click(screen.getByRole('button', { name: 'Add Appointment' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ doctor: OMAR, datetime: `${DAY}T09:20:00+03:00` });
    expect(screen.queryByText(/does not fit at this time/)).not.toBeInTheDocument();
  });
});
