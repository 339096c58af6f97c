import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppointmentRecord, AppointmentStatus } from '@clinic/shared';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { useAppointment } from '../api/get-appointment';
import { AppointmentDetails } from './appointment-details';

const PAST = '2026-03-10T09:00:00+03:00';
const FUTURE = '2099-03-10T09:00:00+03:00';

function record(over: Partial<AppointmentRecord> = {}): AppointmentRecord {
  return {
    _id: 'a1', publicId: 'APT-000001', patient: { _id: 'p1', name: 'Ahmed Al-Farsi' }, doctor: { _id: 'd1', name: 'Dr. Omar Haddad' },
    clinic: { _id: 'c1', name: 'Olaya Clinic' }, service: { _id: 's1', name: 'Consultation' }, reason: 'Follow-up',
    datetime: FUTURE, endsAt: FUTURE.replace('09:00', '09:30'), durationMinutes: 30, clinicTimeZone: 'Asia/Riyadh', status: 'scheduled',
    cancellationReason: null, lateCancellation: false, reminderSent: false, arrivedAt: null, calledInAt: null, completedAt: null,
    cancelledAt: null, noShowAt: null, arrivedBy: null, calledInBy: null, completedBy: null, cancelledBy: null, noShowBy: null,
    waitingMinutes: null, visitMinutes: null, visitNote: null, createdAt: PAST, updatedAt: PAST, version: 1,
    seriesId: null, overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0,
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
