import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, type AppointmentRecord, type ReminderRecord } from '@clinic/shared';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { AppointmentDetails } from './appointment-details';

/* What the appointment's panel offers, by role and by the appointment's history, and how it speaks of reminders. */

const FUTURE = '2099-03-10T09:00:00+03:00';
const PAST = '2026-03-10T09:00:00+03:00';
const receptionist = DEFAULT_ROLES.find((r) => r.name === 'Receptionist')!.permissions;

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

function reminder(over: Partial<ReminderRecord>): ReminderRecord {
  return {
    _id: 'r1', appointment: { _id: 'a1', publicId: 'APT-000001', datetime: FUTURE, status: 'scheduled' }, patient: { _id: 'p1', name: 'Ahmed Al-Farsi' },
    clinic: { _id: 'c1', name: 'Olaya Clinic' }, channel: 'sms', status: 'planned', dueAt: '2099-03-09T09:00:00+03:00', sentAt: null, attempts: 0, detail: null,
    ...over,
  };
}

function api(reminders: ReminderRecord[] = []) {
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
    api();
    renderWithProviders(<AppointmentDetails appointment={record()} />);
    await screen.findByTestId('appointment-details');
    expect(within(screen.getByTestId('visit-actions')).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByTestId('appointment-delete')).toBeNull();
  });

  it('offers an administrator Delete for a fresh booking only, never once it has history', async () => {
    signIn({ permissions: ['admin'] });
    api();
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
    api([reminder({ _id: 'r1', status: 'skipped', detail: smsOff }), reminder({ _id: 'r2', status: 'skipped', detail: smsOff })]);
    renderWithProviders(<AppointmentDetails appointment={record()} />);
    const panel = await screen.findByTestId('appointment-reminders');
    expect(await within(panel).findAllByTestId('appointment-reminder-skipped')).toHaveLength(1);
    expect(panel).toHaveTextContent(smsOff);
    expect(screen.queryByText(/Not sent yet|SKIPPED|SMS_GATEWAY_URL/)).toBeNull();
  });

  it('shows a sent reminder with its translated status', async () => {
    await setLanguage('ar');
    api([reminder({ status: 'sent', sentAt: '2099-03-09T09:00:00+03:00' })]);
    renderWithProviders(<AppointmentDetails appointment={record({ reminderSent: true })} />);
    const panel = await screen.findByTestId('appointment-reminders');
    expect(await within(panel).findByText('مُرسل')).toBeInTheDocument();
  });
});
