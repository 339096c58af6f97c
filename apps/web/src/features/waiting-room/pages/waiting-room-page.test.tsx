import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { drEmily, drOmar, errorBody, jsonResponse, olayaClinic } from '@/test/mocks';
import { renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { called, emily, omar, queueApi, sara, skipped, urgent } from '../queue.fixtures';
import WaitingRoomPage from './waiting-room-page';

const renderPage = () => renderWithProviders(<WaitingRoomPage />, `/waiting-room?clinic=${olayaClinic._id}`, { route: '/waiting-room' });
const doctorQueue = async (id: string) => (await screen.findAllByTestId('doctor-queue')).find((el) => el.getAttribute('data-doctor-id') === id)!;
const rows = (el: HTMLElement) => within(el).getAllByTestId('queue-ticket').filter((r) => r.getAttribute('data-state') === 'waiting');

describe('the waiting room', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it("shows each doctor's queue in call order, with who is called now, priorities, minutes waited and estimates with their basis", async () => {
    queueApi([called, urgent, sara, omar, skipped, emily]);
    renderPage();
    const omarQueue = await doctorQueue(drOmar._id);
    expect(within(omarQueue).getByTestId('doctor-queue-current')).toHaveTextContent('A-001');
    expect(within(omarQueue).getByTestId('doctor-queue-current')).toHaveTextContent('Ahmed Al-Farsi');
    expect(within(omarQueue).getByTestId('doctor-queue-current')).toHaveTextContent('called 3 min ago');
    expect(rows(omarQueue).map((r) => within(r).getByTestId('ticket-label').textContent)).toEqual(['A-004', 'A-002', 'A-003']);
    const [first, second, third] = rows(omarQueue);
    expect(within(first!).getByTestId('ticket-priority')).toHaveTextContent('Urgent');
    expect(within(third!).getByTestId('ticket-priority')).toHaveTextContent('Elderly');
    expect(within(second!).queryByTestId('ticket-priority')).toBeNull();
    expect(second).toHaveTextContent('25 min waited');
    expect(within(second!).getByTestId('queue-ticket-estimate')).toHaveTextContent("≈ 16 mintoday's pace");
    expect(within(omarQueue).getByTestId('doctor-queue-pace')).toHaveTextContent("12 min per patient · based on today's pace");
    expect(within(omarQueue).getByTestId('doctor-queue-count')).toHaveTextContent('3 waiting');
    // The skipped ticket waits folded away, to be called back.
    expect(within(omarQueue).getByTestId('doctor-queue-skipped-toggle')).toHaveTextContent('Skipped (1)');
    const emilyQueue = await doctorQueue(drEmily._id);
    expect(within(emilyQueue).getByTestId('queue-ticket-estimate')).toHaveTextContent('Nextbooked length');
    expect(within(emilyQueue).getByText('No one called yet')).toBeInTheDocument();
    expect(screen.getByTestId('waiting-room-summary')).toHaveTextContent('4 waiting');
  });

  it("calls a doctor's next patient, says who it is, and reads the queue again", async () => {
    const api = queueApi([urgent, sara, emily]);
    const user = userEvent.setup();
    renderPage();
    const omarQueue = await doctorQueue(drOmar._id);
    const reads = api.reads;
    await user.click(within(omarQueue).getByTestId('doctor-queue-call-next'));
    await waitFor(() => expect(api.sent).toEqual([{ method: 'POST', path: '/api/waiting-room/call-next', body: { clinic: olayaClinic._id, doctor: drOmar._id } }]));
    expect(await screen.findByText('A-004 called: Layla Hassan')).toBeInTheDocument();
    await waitFor(() => expect(api.reads).toBeGreaterThan(reads));
  });

  it('shows the refusal when no one is waiting any more (another desk called them first)', async () => {
    const api = queueApi([sara], (path) => (path.endsWith('/call-next') ? jsonResponse(409, errorBody('No one is waiting for this doctor.', 'NO_ONE_WAITING')) : null));
    const user = userEvent.setup();
    renderPage();
    const reads = (await screen.findAllByTestId('queue-ticket')).length && api.reads;
    await user.click(within(await doctorQueue(drOmar._id)).getByTestId('doctor-queue-call-next'));
    expect(await screen.findByText('No one is waiting for this doctor.')).toBeInTheDocument();
    await waitFor(() => expect(api.reads).toBeGreaterThan(reads));
  });

  it('skips, prioritises and calls a ticket out of turn with the version shown', async () => {
    const api = queueApi([urgent, { ...sara, version: 4 }]);
    const user = userEvent.setup();
    renderPage();
    const saraRow = () => rows(screen.getAllByTestId('doctor-queue')[0]!).find((r) => r.textContent?.includes('Sara Nasser'))!;
    await screen.findByText('Sara Nasser');
    await user.click(within(saraRow()).getByTestId('ticket-menu'));
    await user.click(await screen.findByTestId('ticket-priority-urgent'));
    await waitFor(() => expect(api.sent.at(-1)).toEqual({ method: 'PATCH', path: `/api/waiting-room/tickets/${sara._id}`, body: { version: 4, priority: 'urgent' } }));
    expect(await screen.findByText('A-002: priority Urgent')).toBeInTheDocument();
    await waitFor(() => expect(within(saraRow()).getByTestId('ticket-priority')).toHaveTextContent('Urgent'));
    await user.click(within(saraRow()).getByTestId('ticket-menu'));
    await user.click(await screen.findByTestId('ticket-call'));
    await waitFor(() => expect(api.sent.at(-1)).toEqual({ method: 'POST', path: `/api/waiting-room/tickets/${sara._id}/call`, body: { version: 5 } }));
    await user.click(within(rows(screen.getAllByTestId('doctor-queue')[0]!)[0]!).getByTestId('ticket-menu'));
    await user.click(await screen.findByTestId('ticket-skip'));
    await waitFor(() => expect(api.sent.at(-1)).toEqual({ method: 'POST', path: `/api/waiting-room/tickets/${urgent._id}/skip`, body: { version: 1 } }));
    expect(await screen.findByText('A-004 skipped')).toBeInTheDocument();
  });

  /** The page with Sara's ticket's transfer dialog open. */
  async function openSaraTransfer() {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Sara Nasser');
    await user.click(within(await doctorQueue(drOmar._id)).getByTestId('ticket-menu'));
    await user.click(await screen.findByTestId('ticket-transfer'));
    return { user, form: await screen.findByTestId('transfer-form') };
  }

  it('transfers a ticket to another doctor and room', async () => {
    const api = queueApi([sara, emily]);
    const { user, form } = await openSaraTransfer();
    // Nothing changed: nothing is sent.
    await user.click(within(form).getByTestId('transfer-save'));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose another doctor or room.');
    await user.click(within(form).getByTestId('transfer-doctor'));
    await user.click(await screen.findByRole('option', { name: drEmily.name }));
    await user.clear(within(form).getByTestId('transfer-room'));
    await user.type(within(form).getByTestId('transfer-room'), 'Room 5');
    await user.click(within(form).getByTestId('transfer-save'));
    await waitFor(() => expect(api.sent).toEqual([{ method: 'PATCH', path: `/api/waiting-room/tickets/${sara._id}`, body: { version: 1, doctor: drEmily._id, room: 'Room 5' } }]));
    expect(await screen.findByText('A-002 transferred')).toBeInTheDocument();
  });

  it('moves a ticket to another doctor\'s own room when no room is typed, and says so', async () => {
    const api = queueApi([sara, emily]);
    const { user, form } = await openSaraTransfer();
    await user.click(within(form).getByTestId('transfer-doctor'));
    await user.click(await screen.findByRole('option', { name: drEmily.name }));
    // The old doctor's room is not shown as the ticket's next room.
    expect(within(form).getByTestId('transfer-room')).toHaveValue('');
    expect(within(form).getByTestId('transfer-room')).toHaveAttribute('placeholder', "The doctor's own room");
    expect(form).toHaveTextContent("Left empty: the new doctor's room");
    await user.click(within(form).getByTestId('transfer-save'));
    await waitFor(() => expect(api.sent).toEqual([{ method: 'PATCH', path: `/api/waiting-room/tickets/${sara._id}`, body: { version: 1, doctor: drEmily._id } }]));
  });

  it("shows a ticket's history: what was done, by whom", async () => {
    queueApi([called, sara]);
    const user = userEvent.setup();
    renderPage();
    const current = within(await doctorQueue(drOmar._id));
    await screen.findByText('Sara Nasser');
    await user.click(current.getAllByTestId('ticket-menu')[0]!);
    await user.click(await screen.findByTestId('ticket-history'));
    const events = await screen.findAllByTestId('ticket-history-event');
    expect(events.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Ticket given'), expect.stringContaining('Priority changed'), expect.stringContaining('Called'),
    ]);
    expect(events[1]).toHaveTextContent('to Urgent');
    expect(events[1]).toHaveTextContent('by Mona Desk');
    expect(events[2]).toHaveTextContent('by Dr. Omar Haddad');
  });

  it('speaks Arabic, right to left, and offers no actions to those who may only read', async () => {
    await setLanguage('ar');
    const nurse = { permissions: ['appointment_read' as const], roles: ['Nurse'] };
    signIn(nurse);
    queueApi([called, sara], undefined, nurse);
    renderPage();
    const omarQueue = await doctorQueue(drOmar._id);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(within(omarQueue).getByTestId('doctor-queue-count')).toHaveTextContent('ينتظر واحد');
    expect(within(omarQueue).getByTestId('doctor-queue-pace')).toHaveTextContent('حسب وتيرة اليوم');
    expect(within(omarQueue).queryByTestId('doctor-queue-call-next')).toBeNull();
    expect(within(omarQueue).queryByTestId('doctor-queue-recall')).toBeNull();
  });
});
