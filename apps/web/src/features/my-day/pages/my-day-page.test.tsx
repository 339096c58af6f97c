import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, type AppointmentBoard, type AppointmentStatus, type BoardCard } from '@clinic/shared';
import { appointmentRecord, demoUser, emptyList, jsonResponse, listOf, malazClinic, ok, olayaClinic } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import MyDayPage from './my-day-page';

const PAST = '2026-03-10T09:00:00+03:00';

function card(id: string, status: AppointmentStatus, patient: string, over: Partial<BoardCard> = {}): BoardCard {
  return {
    _id: id, publicId: `APT-00000${id}`, datetime: PAST, endsAt: PAST, status, patient: { _id: `p${id}`, name: patient },
    doctor: { _id: demoUser._id, name: demoUser.name }, service: { _id: 's1', name: 'Consultation' }, reason: 'Follow-up', version: 1,
    source: 'staff', seriesId: null, overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0,
    arrivedAt: null, calledInAt: null, completedAt: null, waitingMinutes: null, visitMinutes: null, lateCancellation: false, invoice: null, ...over,
  };
}

function board(clinic: { _id: string; name: string }, cards: BoardCard[]): AppointmentBoard {
  const groups = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, cards.filter((c) => c.status === s)])) as AppointmentBoard['groups'];
  const counts = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, groups[s].length])) as AppointmentBoard['counts'];
  return { clinic: { ...clinic, timeZone: 'Asia/Riyadh' }, date: '2026-03-10', counts, groups };
}

function dayApi(cards: BoardCard[], remembered: string | null = null, permissions = ['appointment_read', 'appointment_write', 'my_day']) {
  const state = { cards, boardClinics: [] as string[], patches: [] as Array<{ id: string; body: unknown }>, remembered: [] as unknown[] };
  mockFetch((url, init) => {
    if (url.pathname === '/api/clinics') return jsonResponse(200, listOf([olayaClinic, malazClinic]));
    if (url.pathname === '/api/appointments/board') {
      const clinic = url.searchParams.get('clinic')!;
      state.boardClinics.push(clinic);
      return jsonResponse(200, ok(board(clinic === malazClinic._id ? malazClinic : olayaClinic, state.cards)));
    }
    if (url.pathname === '/api/profile/clinic') {
      state.remembered.push(JSON.parse(String(init.body)));
      return jsonResponse(200, ok(demoUser));
    }
    const m = /^\/api\/appointments\/(\w+)$/.exec(url.pathname);
    if (m && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { status: AppointmentStatus };
      state.patches.push({ id: m[1]!, body });
      state.cards = state.cards.map((c) => (c._id === m[1] ? { ...c, status: body.status, version: c.version + 1 } : c));
      return jsonResponse(200, ok(appointmentRecord({ _id: m[1], status: body.status }), 'Consultation started'));
    }
    return jsonResponse(200, emptyList());
  }, { profile: { permissions, preferences: { ...demoUser.preferences, clinicId: remembered } } });
  return state;
}

const renderDay = () => renderWithProviders(<MyDayPage />, '/my-day', { route: '/my-day' });

describe('My day', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn({ permissions: ['appointment_read', 'appointment_write', 'my_day'] });
  });

  it('lists only the doctor\'s own patients, in order, with status and waiting time, and calls the next one in', async () => {
    const api = dayApi([
      card('3', 'arrived', 'Layla Hassan', { datetime: '2026-03-10T10:00:00+03:00', waitingMinutes: 4 }),
      card('1', 'completed', 'Ahmed Al-Farsi', { datetime: '2026-03-10T08:00:00+03:00' }),
      card('2', 'arrived', 'Sara Nasser', { waitingMinutes: 22 }),
      card('9', 'arrived', 'Someone Else', { doctor: { _id: 'other', name: 'Dr. Other' } }),
    ]);
    renderDay();
    const list = await screen.findByTestId('my-day-list');
    expect(within(list).getAllByTestId('my-day-row').map((r) => r.getAttribute('data-appointment-id'))).toEqual(['1', '2', '3']);
    expect(screen.queryByText('Someone Else')).toBeNull();
    expect(within(list).getAllByTestId('my-day-waiting').map((w) => w.textContent)).toEqual(['Waiting 22 min', 'Waiting 4 min']);
    expect(within(screen.getByTestId('my-day-next')).getByTestId('my-day-spotlight-name')).toHaveTextContent('Sara Nasser');
    expect(screen.getByTestId('my-day-waiting-count')).toHaveTextContent('2 waiting');

    await userEvent.click(screen.getByRole('button', { name: 'Call in Sara Nasser' }));
    await waitFor(() => expect(api.patches).toEqual([{ id: '2', body: { status: 'in_consultation', version: 1 } }]));
    await waitFor(() => expect(within(screen.getByTestId('my-day-next')).getByText('With you now')).toBeInTheDocument());
    expect(within(screen.getByTestId('my-day-next')).getByRole('button', { name: 'Call in Layla Hassan' })).toBeInTheDocument();
  });

  it('links each patient to their record, and opens a completed visit\'s note from its row', async () => {
    signIn({ permissions: ['appointment_read', 'appointment_write', 'my_day', 'clinical_write'] });
    dayApi([card('1', 'completed', 'Ahmed Al-Farsi'), card('2', 'arrived', 'Sara Nasser')], null, ['appointment_read', 'appointment_write', 'my_day', 'clinical_write']);
    renderDay();
    const rows = within(await screen.findByTestId('my-day-list')).getAllByTestId('my-day-row');
    expect(within(rows[0]!).getByRole('link', { name: 'Ahmed Al-Farsi' })).toHaveAttribute('href', '/patients/details/p1');
    expect(within(rows[0]!).getByRole('button', { name: 'Open note' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Open note' })).toBeNull();
  });

  it('opens on the clinic the profile names, not the first of the organisation, and remembers a new choice', async () => {
    const api = dayApi([], malazClinic._id);
    renderDay();
    expect(await screen.findByText('No patients booked with you today at this clinic.')).toBeInTheDocument();
    expect(api.boardClinics).not.toContain(olayaClinic._id);
    expect(screen.getByTestId('my-day-clinic')).toHaveValue('Malaz Clinic');
    await userEvent.click(screen.getByTestId('my-day-clinic'));
    await userEvent.click(await screen.findByRole('option', { name: 'Olaya Clinic' }));
    await waitFor(() => expect(api.remembered).toEqual([{ clinicId: olayaClinic._id }]));
    await waitFor(() => expect(api.boardClinics).toContain(olayaClinic._id));
  });

  it('shows the day without the call-in button to a user who may only read appointments', async () => {
    signIn({ permissions: ['appointment_read', 'my_day'] });
    dayApi([card('2', 'arrived', 'Sara Nasser', { waitingMinutes: 3 })], null, ['appointment_read', 'my_day']);
    renderDay();
    expect(await screen.findByTestId('my-day-spotlight-name')).toHaveTextContent('Sara Nasser');
    expect(screen.queryByTestId('my-day-call-in')).toBeNull();
  });
});
