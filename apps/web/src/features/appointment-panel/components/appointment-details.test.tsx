import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, type AppointmentRecord, type AppointmentStatus, type ReminderRecord } from '@clinic/shared';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { useAppointment } from '@/features/appointments';
import { AppointmentDetails } from './appointment-details';

const PAST = '2026-03-10T09:00:00+03:00';
const FUTURE = '2099-03-10T09:00:00+03:00';
const receptionist = DEFAULT_ROLES.find((r) => r.name === 'Receptionist')!.permissions;

function record(over: Partial<AppointmentRecord> = {}): AppointmentRecord {
  return {
    _id: 'a1', publicId: 'APT-000001', patient: { _id: 'p1', name: 'Ahmed Al-Farsi' }, doctor: { _id: 'd1', name: 'Dr. Omar Haddad' },
    clinic: { _id: 'c1', name: 'Olaya Clinic' }, service: { _id: 's1', name: 'Consultation' }, reason: 'Follow-up',
    datetime: FUTURE, endsAt: FUTURE.replace('09:00', '09:30'), durationMinutes: 30, clinicTimeZone: 'Asia/Riyadh', status: 'scheduled',
    cancellationReason: null, lateCancellation: false, reminderSent: false, arrivedAt: null, calledInAt: null, completedAt: null,
    cancelledAt: null, noShowAt: null, arrivedBy: null, calledInBy: null, completedBy: null, cancelledBy: null, noShowBy: null,
    waitingMinutes: null, visitMinutes: null, visitNote: null, createdAt: PAST, updatedAt: PAST, version: 1,
    source: 'staff', seriesId: null, overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0,
    ...over,
  };
}

function Opened() {
  const q = useAppointment('a1');
  return <AppointmentDetails appointment={q.data} loading={q.isPending} />;
}

/** The appointment API: GET answers `current`; PATCH answers `patch` (default: applies the step). */
function appointmentApi(initial: AppointmentRecord, patch?: (body: Record<string, unknown>) => Response) {
  const state = { current: initial, patches: [] as Array<Record<string, unknown>>, reads: 0 };
  mockFetch((url, init) => {
    if (url.pathname === '/api/appointments/a1' && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      state.patches.push(body);
      if (patch) return patch(body);
      state.current = { ...state.current, ...body, status: body.status as AppointmentStatus, version: state.current.version + 1 };
      return jsonResponse(200, { success: true, message: 'Patient checked in', data: state.current });
    }
    if (url.pathname === '/api/appointments/a1') {
      state.reads++;
      return jsonResponse(200, { success: true, data: state.current });
    }
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  }, { profile: {} });
  return state;
}

const offered = () => within(screen.getByTestId('visit-actions')).getAllByRole('button').map((b) => b.textContent);

describe('appointment details: the visit flow', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  const cases: Array<[string, Partial<AppointmentRecord>, string[]]> = [
    ['scheduled, still to come', { status: 'scheduled' }, ['Check in', 'Cancel']],
    ['scheduled, start passed', { status: 'scheduled', datetime: PAST }, ['Check in', 'No-show', 'Cancel']],
    ['checked in, start passed', { status: 'arrived', datetime: PAST, arrivedAt: PAST, waitingMinutes: 12 }, ['Start consultation', 'Complete', 'No-show', 'Cancel']],
    ['in consultation', { status: 'in_consultation', datetime: PAST }, ['Complete']],
  ];
  for (const [what, over, buttons] of cases) {
    it(`offers only the steps allowed when ${what}`, async () => {
      appointmentApi(record(over));
      renderWithProviders(<Opened />);
      await screen.findByTestId('appointment-details');
      expect(offered()).toEqual(buttons);
    });
  }

  it('offers no step on a completed, no-show or cancelled visit', async () => {
    for (const status of ['completed', 'no_show', 'cancelled'] as const) {
      appointmentApi(record({ status, datetime: PAST }));
      const view = renderWithProviders(<Opened />);
      await screen.findByTestId('appointment-details');
      expect(screen.queryByTestId('visit-actions')).toBeNull();
      view.unmount();
    }
  });

  it('checks a patient in with the version shown and confirms it', async () => {
    const api = appointmentApi(record());
    const user = userEvent.setup();
    renderWithProviders(<Opened />);
    await user.click(await screen.findByTestId('appointment-check-in'));
    expect(await screen.findByText('Patient checked in')).toBeInTheDocument();
    expect(api.patches).toEqual([{ status: 'arrived', version: 1 }]);
    await waitFor(() => expect(screen.getByTestId('appointment-status')).toHaveTextContent('Checked in'));
    expect(offered()).toEqual(['Start consultation', 'Complete', 'Cancel']);
  });

  it('completes a visit with a note', async () => {
    const api = appointmentApi(record({ status: 'in_consultation', datetime: PAST }));
    const user = userEvent.setup();
    renderWithProviders(<Opened />);
    await user.click(await screen.findByTestId('appointment-complete'));
    await user.type(screen.getByTestId('appointment-visit-note'), 'Blood pressure normal');
    await user.click(screen.getByTestId('appointment-complete-confirm'));
    await waitFor(() => expect(api.patches).toEqual([{ status: 'completed', visitNote: 'Blood pressure normal', version: 1 }]));
    expect(await screen.findByTestId('appointment-visit-note-text')).toHaveTextContent('Blood pressure normal');
  });

  it('a refused step (409) shows the message beside the actions and reloads the appointment', async () => {
    const api = appointmentApi(record(), () => {
      api.current = { ...api.current, status: 'cancelled', cancellationReason: 'Called to cancel', version: 2 };
      return jsonResponse(409, errorBody('Someone else changed this record; it has been reloaded', 'STALE_RECORD'));
    });
    const user = userEvent.setup();
    renderWithProviders(<Opened />);
    await user.click(await screen.findByTestId('appointment-check-in'));
    expect(await screen.findByTestId('appointment-details-error')).toHaveTextContent('Someone else changed this record');
    await waitFor(() => expect(screen.getByTestId('appointment-status')).toHaveTextContent('Cancelled'));
    expect(api.reads).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('visit-actions')).toBeNull();
  });
});

function reminder(over: Partial<ReminderRecord>): ReminderRecord {
  return {
    _id: 'r1', appointment: { _id: 'a1', publicId: 'APT-000001', datetime: FUTURE, status: 'scheduled' }, patient: { _id: 'p1', name: 'Ahmed Al-Farsi' },
    clinic: { _id: 'c1', name: 'Olaya Clinic' }, channel: 'sms', status: 'planned', dueAt: '2099-03-09T09:00:00+03:00', sentAt: null, attempts: 0, detail: null, delivery: null,
    ...over,
  };
}

function panelApi(reminders: ReminderRecord[] = []) {
  mockFetch((url) => {
    if (url.pathname === '/api/appointments/a1/reminders') return jsonResponse(200, { success: true, data: reminders });
    if (url.pathname === '/api/invoices') return jsonResponse(200, { success: true, data: [], pagination: { page: 1, limit: 30, total: 0, totalPages: 0 } });
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  }, { profile: {} });
}

describe('appointment panel: deleting is an administrator\'s correction', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('offers a receptionist Cancel with a reason, and no Delete', async () => {
    signIn({ permissions: [...receptionist] });
    panelApi();
    renderWithProviders(<AppointmentDetails appointment={record()} />);
    await screen.findByTestId('appointment-details');
    expect(within(screen.getByTestId('visit-actions')).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByTestId('appointment-delete')).toBeNull();
  });

  it('offers an administrator Delete for a fresh booking only, never once it has history', async () => {
    signIn({ permissions: ['admin'] });
    panelApi();
    const fresh = renderWithProviders(<AppointmentDetails appointment={record()} />);
    expect(await screen.findByTestId('appointment-delete')).toHaveTextContent('Delete');
    fresh.unmount();
    for (const history of [{ status: 'arrived', arrivedAt: PAST }, { reminderSent: true }, { status: 'no_show', datetime: PAST }] as Array<Partial<AppointmentRecord>>) {
      const view = renderWithProviders(<AppointmentDetails appointment={record(history)} />);
      await screen.findByTestId('appointment-details');
      expect(screen.queryByTestId('appointment-delete'), JSON.stringify(history)).toBeNull();
      view.unmount();
    }
  });
});

describe('appointment panel: reminders in the staff\'s terms', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn({ permissions: [...receptionist] });
  });

  const smsOff = 'No reminder will be sent: text messages are not set up for this clinic. Ask an administrator.';

  it('says once why skipped reminders will not go out, with no status shouting and no "Not sent yet" beside it', async () => {
    panelApi([reminder({ _id: 'r1', status: 'skipped', detail: smsOff }), reminder({ _id: 'r2', status: 'skipped', detail: smsOff })]);
    renderWithProviders(<AppointmentDetails appointment={record()} />);
    const panel = await screen.findByTestId('appointment-reminders');
    expect(await within(panel).findAllByTestId('appointment-reminder-skipped')).toHaveLength(1);
    expect(panel).toHaveTextContent(smsOff);
    expect(screen.queryByText(/Not sent yet|SKIPPED|SMS_GATEWAY_URL/)).toBeNull();
  });

  it('shows a sent reminder with its translated status', async () => {
    await setLanguage('ar');
    panelApi([reminder({ status: 'sent', sentAt: '2099-03-09T09:00:00+03:00' })]);
    renderWithProviders(<AppointmentDetails appointment={record({ reminderSent: true })} />);
    const panel = await screen.findByTestId('appointment-reminders');
    expect(await within(panel).findByText('مُرسل')).toBeInTheDocument();
  });

  it('says what WhatsApp reported of a reminder it carried', async () => {
    await setLanguage('en');
    panelApi([reminder({ channel: 'whatsapp', status: 'sent', sentAt: '2099-03-09T09:00:00+03:00', delivery: 'fell_back' })]);
    renderWithProviders(<AppointmentDetails appointment={record({ reminderSent: true })} />);
    expect(await screen.findByTestId('reminder-delivery')).toHaveTextContent('Sent by SMS instead');
  });
});

describe('appointment panel: the patient\'s link', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('hands the front desk the link of a visit still to come, to copy or send on WhatsApp; none for a past or read-only view', async () => {
    signIn({ permissions: [...receptionist] });
    const asked: string[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/appointments/a1/patient-link' && init.method === 'POST') {
        asked.push(url.pathname);
        return jsonResponse(200, { success: true, data: { url: 'https://clinic.example/visit#tok', expiresAt: FUTURE } });
      }
      if (url.pathname === '/api/appointments/a1/reminders') return jsonResponse(200, { success: true, data: [] });
      return jsonResponse(200, { success: true, data: [], pagination: { page: 1, limit: 30, total: 0, totalPages: 0 } });
    }, { profile: {} });
    const view = renderWithProviders(<AppointmentDetails appointment={record()} />);
    await userEvent.setup().click(await screen.findByTestId('patient-link-get'));
    expect(await screen.findByTestId('patient-link-url')).toHaveValue('https://clinic.example/visit#tok');
    expect(screen.getByTestId('patient-link-whatsapp')).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent('https://clinic.example/visit#tok')}`);
    expect(asked).toHaveLength(1);
    view.unmount();

    renderWithProviders(<AppointmentDetails appointment={record({ datetime: PAST })} />);
    await screen.findByTestId('appointment-details');
    expect(screen.queryByTestId('patient-link')).toBeNull();
  });
});
