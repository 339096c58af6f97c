import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, type AppointmentBoard, type AppointmentStatus, type BoardCard, type QueueView, type TicketRecord } from '@clinic/shared';
import { appointmentRecord, drOmar, emptyList, errorBody, jsonResponse, listOf, ok, olayaClinic } from '@/test/mocks';
import { mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import FrontdeskPage from './frontdesk-page';

const PAST = '2026-03-10T09:00:00+03:00';
const LATER = '2099-03-10T11:00:00+03:00';

function card(id: string, status: AppointmentStatus, patient: string, over: Partial<BoardCard> = {}): BoardCard {
  return {
    _id: id, publicId: `APT-00000${id}`, datetime: LATER, endsAt: LATER, status, patient: { _id: `p${id}`, name: patient },
    doctor: { _id: 'd1', name: 'Dr. Omar Haddad' }, service: { _id: 's1', name: 'Consultation' }, reason: 'Follow-up', version: 1,
    source: 'staff', seriesId: null, overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0,
    arrivedAt: null, calledInAt: null, completedAt: null, waitingMinutes: null, visitMinutes: null, lateCancellation: false, invoice: null, ...over,
  };
}

function board(cards: BoardCard[]): AppointmentBoard {
  const groups = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, cards.filter((c) => c.status === s)])) as AppointmentBoard['groups'];
  const counts = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, groups[s].length])) as AppointmentBoard['counts'];
  return { clinic: { ...olayaClinic, timeZone: 'Asia/Riyadh' }, date: '2026-03-10', counts, groups };
}

/** Today's waiting room at the clinic: one ticket per checked-in card given, all with Dr. Omar. */
function queueOf(labels: Record<string, string>): QueueView {
  const tickets: TicketRecord[] = Object.entries(labels).map(([appointment, label], i) => ({
    _id: `t${i}`, appointment, clinic: olayaClinic, day: '2026-03-10', prefix: 'A', number: i + 1, label, patient: { _id: `p${appointment}`, name: 'x' },
    doctor: drOmar, service: { _id: 's1', name: 'Consultation' }, room: 'Room 3', priority: 'normal', state: 'waiting', issuedAt: PAST, calledAt: null,
    firstCalledAt: null, callCount: 0, position: i, estimatedWaitMinutes: i * 10, estimateBasis: 'nominal', issuedEstimateMinutes: i * 10, version: 1,
  }));
  return {
    clinic: { ...olayaClinic, timeZone: 'Asia/Riyadh' }, day: '2026-03-10', tickets,
    doctors: [{ doctor: drOmar, room: 'Room 3', paceMinutes: 10, paceBasis: 'nominal', waiting: tickets.length, current: null }],
  };
}

function boardApi(initial: BoardCard[], patch?: () => Response, queueOfState?: (cards: BoardCard[]) => QueueView) {
  const state = { cards: initial, boardReads: 0, patches: [] as unknown[], calls: [] as unknown[] };
  mockFetch((url, init) => {
    if (url.pathname === '/api/clinics') return jsonResponse(200, listOf([olayaClinic]));
    if (url.pathname === '/api/waiting-room' && queueOfState) return jsonResponse(200, ok(queueOfState(state.cards)));
    if (url.pathname === '/api/waiting-room/call-next' && queueOfState) {
      state.calls.push(JSON.parse(String(init.body)));
      return jsonResponse(200, ok({ ...queueOfState(state.cards).tickets[0]!, state: 'called', patient: { _id: 'p2', name: 'Sara Nasser' } }));
    }
    if (url.pathname === '/api/appointments/board') {
      state.boardReads++;
      return jsonResponse(200, ok(board(state.cards)));
    }
    const m = /^\/api\/appointments\/(\w+)$/.exec(url.pathname);
    if (m && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { status: AppointmentStatus };
      state.patches.push(body);
      if (patch) return patch();
      state.cards = state.cards.map((c) => (c._id === m[1] ? { ...c, status: body.status, version: c.version + 1, waitingMinutes: body.status === 'arrived' ? 0 : c.waitingMinutes } : c));
      return jsonResponse(200, ok(appointmentRecord({ _id: m[1], status: body.status }), 'Patient checked in'));
    }
    return jsonResponse(200, emptyList());
  }, { profile: {} });
  return state;
}

const renderBoard = () => renderWithProviders(<FrontdeskPage />, '/frontdesk', { route: '/frontdesk' });
const section = (status: AppointmentStatus) => screen.getByTestId(`board-section-${status}`);

describe("today's board", () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('groups the day by status, with minutes waiting highlighted past the threshold', async () => {
    boardApi([
      card('1', 'scheduled', 'Ahmed Al-Farsi'),
      card('2', 'arrived', 'Sara Nasser', { datetime: PAST, waitingMinutes: 22 }),
      card('3', 'arrived', 'Layla Hassan', { datetime: PAST, waitingMinutes: 4 }),
      card('4', 'in_consultation', 'Omar Khalid', { datetime: PAST }),
      card('5', 'cancelled', 'Nadia Saleh', { lateCancellation: true }),
    ]);
    renderBoard();
    await within(await screen.findByTestId('board-section-scheduled')).findByText('Ahmed Al-Farsi');
    expect(within(section('arrived')).getAllByTestId('board-card').map((c) => c.textContent)).toEqual([
      expect.stringContaining('Sara Nasser'), expect.stringContaining('Layla Hassan'),
    ]);
    const [sara, layla] = within(section('arrived')).getAllByTestId('board-card');
    expect(sara).toHaveAttribute('data-long-wait', 'true');
    expect(within(sara!).getByTestId('board-card-waiting')).toHaveTextContent('22 min waiting');
    expect(layla).not.toHaveAttribute('data-long-wait');
    expect(within(section('in_consultation')).getByText('Omar Khalid')).toBeInTheDocument();
    expect(within(section('completed')).getByText('No visit completed yet')).toBeInTheDocument();
    expect(within(section('cancelled')).getByText('Late')).toBeInTheDocument();
    // Each card offers only its next steps.
    expect(within(section('in_consultation')).getAllByRole('button', { name: /complete|check in|cancel/i }).map((b) => b.textContent)).toEqual(['Complete']);
    expect(within(section('cancelled')).queryByTestId('visit-actions')).toBeNull();
  });

  it('shows "Paid" for a paid visit (opening its invoice) and "Take payment" while it is not', async () => {
    boardApi([
      card('1', 'completed', 'Ahmed Al-Farsi', { datetime: PAST }),
      card('2', 'completed', 'Sara Nasser', { datetime: PAST, invoice: { _id: 'inv2', status: 'issued' } }),
      card('3', 'completed', 'Layla Hassan', { datetime: PAST, invoice: { _id: 'inv3', status: 'paid' } }),
    ]);
    renderBoard();
    await within(await screen.findByTestId('board-section-completed')).findByText('Layla Hassan');
    const [ahmed, sara, layla] = within(section('completed')).getAllByTestId('board-card');
    expect(within(ahmed!).getByTestId('appointment-take-payment')).toHaveTextContent('Take payment');
    expect(within(sara!).getByTestId('appointment-take-payment')).toHaveTextContent('Take payment');
    expect(within(layla!).queryByTestId('appointment-take-payment')).toBeNull();
    const paid = within(layla!).getByTestId('appointment-paid');
    expect(paid).toHaveTextContent('Paid');
    expect(paid).toHaveAttribute('href', '/billing/invoices/details/inv3');
  });

  it('filters the board by the search box', async () => {
    boardApi([card('1', 'scheduled', 'Ahmed Al-Farsi'), card('2', 'scheduled', 'Sara Nasser')]);
    const user = userEvent.setup();
    renderBoard();
    await within(await screen.findByTestId('board-section-scheduled')).findByText('Sara Nasser');
    await user.type(screen.getByTestId('frontdesk-search'), 'sara');
    expect(within(section('scheduled')).getAllByTestId('board-card')).toHaveLength(1);
    expect(within(section('scheduled')).getByTestId('board-section-count')).toHaveTextContent('1 / 2');
  });

  it('checks a patient in with one click, and the card moves to the checked-in section', async () => {
    const api = boardApi([card('1', 'scheduled', 'Ahmed Al-Farsi')]);
    const user = userEvent.setup();
    renderBoard();
    const expected = await screen.findByTestId('board-section-scheduled');
    await user.click(await within(expected).findByTestId('appointment-check-in'));
    expect(await screen.findByText('Patient checked in')).toBeInTheDocument();
    expect(api.patches).toEqual([{ status: 'arrived', version: 1 }]);
    await within(section('arrived')).findByText('Ahmed Al-Farsi');
    expect(within(section('scheduled')).queryByText('Ahmed Al-Farsi')).toBeNull();
  });

  it('shows online requests at the top: Accept schedules one, Decline cancels it with a reason', async () => {
    const api = boardApi([
      card('1', 'requested', 'Huda Saleh', { source: 'online' }),
      card('2', 'requested', 'Faisal Omar', { source: 'online' }),
      card('3', 'scheduled', 'Ahmed Al-Farsi', { source: 'online' }),
      card('4', 'scheduled', 'Sara Nasser'),
    ]);
    const user = userEvent.setup();
    const { container } = renderBoard();
    const requests = await screen.findByTestId('board-section-requested');
    // The requests come before the other sections, their cards drawn dashed; online bookings carry the globe.
    expect(container.querySelector('[data-testid^="board-section-"]')).toBe(requests);
    expect(within(requests).getByText('Requested online')).toBeInTheDocument();
    const [huda, faisal] = within(requests).getAllByTestId('board-card');
    expect(huda).toHaveAttribute('data-requested', 'true');
    expect(within(huda!).getByLabelText('Booked online')).toBeInTheDocument();
    expect(within(section('scheduled')).getAllByTestId('online-mark')).toHaveLength(1);

    await user.click(within(huda!).getByTestId('appointment-accept'));
    await waitFor(() => expect(api.patches).toEqual([{ status: 'scheduled', version: 1 }]));
    await within(section('scheduled')).findByText('Huda Saleh');

    await user.click(within(faisal!).getByTestId('appointment-decline'));
    await user.type(await within(faisal!).findByTestId('appointment-cancel-reason'), 'Doctor away that day');
    await user.click(within(faisal!).getByTestId('appointment-cancel-confirm'));
    await waitFor(() => expect(api.patches).toContainEqual({ status: 'cancelled', cancellationReason: 'Doctor away that day', version: 1 }));
    // With no request left, the group is gone.
    await waitFor(() => expect(screen.queryByTestId('board-section-requested')).toBeNull());
  });

  it('a refused step shows its message on the card and reloads the board', async () => {
    const api = boardApi([card('1', 'scheduled', 'Ahmed Al-Farsi')], () => {
      api.cards = [card('1', 'cancelled', 'Ahmed Al-Farsi', { version: 2 })];
      return jsonResponse(409, errorBody('An appointment that is cancelled cannot become checked in', 'INVALID_TRANSITION'));
    });
    const user = userEvent.setup();
    renderBoard();
    await user.click(await within(await screen.findByTestId('board-section-scheduled')).findByTestId('appointment-check-in'));
    const moved = await within(section('cancelled')).findByText('Ahmed Al-Farsi');
    const cardEl = moved.closest('[data-testid="board-card"]') as HTMLElement;
    await waitFor(() => expect(within(cardEl).getByTestId('board-card-error')).toHaveTextContent('cannot become checked in'));
    expect(api.boardReads).toBeGreaterThanOrEqual(2);
  });

  it("shows each checked-in patient's ticket and calls a doctor's next patient from the board", async () => {
    const api = boardApi([
      card('1', 'scheduled', 'Ahmed Al-Farsi'),
      card('2', 'arrived', 'Sara Nasser', { datetime: PAST, waitingMinutes: 4 }),
      card('3', 'arrived', 'Layla Hassan', { datetime: PAST, waitingMinutes: 2 }),
    ], undefined, () => queueOf({ 2: 'A-002', 3: 'A-003' }));
    const user = userEvent.setup();
    renderBoard();
    await within(await screen.findByTestId('board-section-arrived')).findByText('A-002');
    expect(within(section('arrived')).getAllByTestId('ticket-label').map((l) => l.textContent)).toEqual(['A-002', 'A-003']);
    // The label opens the ticket's 80 mm printout.
    expect(within(section('arrived')).getAllByTestId('ticket-print-link')[0]).toHaveAttribute('href', '/print/ticket/t0');
    expect(within(section('scheduled')).queryByTestId('ticket-label')).toBeNull();
    const strip = screen.getByTestId('queue-strip');
    expect(within(strip).getByTestId('queue-strip-doctor')).toHaveTextContent('Dr. Omar Haddad');
    expect(within(strip).getByTestId('queue-strip-doctor')).toHaveTextContent('2 waiting');
    expect(within(strip).getByTestId('queue-strip-open')).toHaveAttribute('href', `/waiting-room?clinic=${olayaClinic._id}`);
    await user.click(within(strip).getByTestId('queue-strip-call-next'));
    await waitFor(() => expect(api.calls).toEqual([{ clinic: olayaClinic._id, doctor: drOmar._id }]));
    expect(await screen.findByText('A-002 called: Sara Nasser')).toBeInTheDocument();
  });

  it('shows the ticket a check-in gave as soon as the card moves to Checked in', async () => {
    // The check-in gives ticket A-001 (the queue lists the checked-in cards).
    const api = boardApi([card('1', 'scheduled', 'Ahmed Al-Farsi')], undefined, (cards) => queueOf(Object.fromEntries(cards.filter((c) => c.status === 'arrived').map((c) => [c._id, 'A-001']))));
    const user = userEvent.setup();
    renderBoard();
    await user.click(await within(await screen.findByTestId('board-section-scheduled')).findByTestId('appointment-check-in'));
    await waitFor(() => expect(api.patches).toEqual([{ status: 'arrived', version: 1 }]));
    const arrived = await within(section('arrived')).findByText('Ahmed Al-Farsi');
    const cardEl = arrived.closest('[data-testid="board-card"]') as HTMLElement;
    expect(await within(cardEl).findByTestId('ticket-label')).toHaveTextContent('A-001');
  });
});
